import { z } from "zod";

/*
 * Text a client sends (a form field, a query parameter, a JSON string) is refused when it holds what no
 * keyboard types: the C0 and C1 control characters and DEL (NUL among them, which PostgreSQL refuses in
 * text, turning a request into a 500), and lone UTF-16 surrogates, which are not text at all (a database
 * driver would store U+FFFD in their place). Multi-line fields keep tab, line feed and carriage return.
 *
 * Every request schema builds its text fields from `plainText()`, so the rule exists once. This module
 * depends on zod only: the app's route modules import it as the server's schemas do, and it can move to
 * a kernel shared by both sides as it is.
 */

/**
 * `Cc` is exactly C0, DEL and C1; `Cs` with the `u` flag matches unpaired surrogates only (a pair is one
 * code point). The multi-line form lets tab, line feed and carriage return through.
 */
const NOT_IN_A_LINE = /[\p{Cc}\p{Cs}]/u;
const NOT_IN_LINES = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

/** The message a refused character gets where a schema has no message of its own (the endpoints' style). */
const NOT_PLAIN_TEXT = "contains characters that are not allowed";

export interface PlainTextOptions {
  /** Tab, line feed and carriage return are allowed (a review, a message); single-line fields refuse them. */
  multiline?: boolean;
  /** Drops leading and trailing white space before the check (default); passwords keep theirs. */
  trim?: boolean;
  /** The message when the value is not a string. */
  typeMessage?: string;
  /** The message when it holds a character that is not allowed. */
  message?: string;
}

/** Whether `value` holds only characters a person can type into a field (see above). */
function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? NOT_IN_LINES : NOT_IN_A_LINE).test(value);
}

/**
 * A string schema for text from a client; chain `.min()`, `.max()`, `.regex()` and the like onto it.
 * The check runs after trimming, so a pasted trailing tab or line break is not held against anyone.
 */
export function plainText({ multiline = false, trim = true, typeMessage = "must be text", message = NOT_PLAIN_TEXT }: PlainTextOptions = {}) {
  const text = z.string({ message: typeMessage });
  return (trim ? text.trim() : text).refine((value) => isPlainText(value, { multiline }), message);
}
