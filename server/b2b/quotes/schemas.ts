import { z } from "zod";
import type { FieldErrorCode } from "../../customer/types";
import { plainText } from "../../forms/text";
import { MAX_DISCOUNT_BASIS_POINTS } from "./pricing";
import { QUOTE_COMMENT_MAX_LENGTH } from "./tables";

/** The quote inputs, checked on the server; messages are `FieldErrorCode`s the pages translate. */

const code = (value: FieldErrorCode) => value;

const commentText = plainText({ multiline: true, typeMessage: code("invalid"), message: code("invalid-characters") }).max(QUOTE_COMMENT_MAX_LENGTH, code("too-long"));

/** A comment with a request or a reply: empty means none. */
const optionalCommentSchema = commentText.optional().transform((value) => value || undefined);

/** Requesting a quote: a comment may go with it. */
export const requestSchema = z.object({ comment: optionalCommentSchema });

/** Requesting changes says which: a comment is required. */
export const changesSchema = z.object({ comment: commentText.min(1, code("required")) });

/** `YYYY-MM-DD` as the start of that UTC day; impossible dates (`2026-02-30`) are refused. */
export const isoDateSchema = z
  .string(code("invalid"))
  .regex(/^\d{4}-\d{2}-\d{2}$/, code("invalid"))
  .transform((value, context) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
      context.addIssue({ code: "custom", message: code("invalid") });
      return z.NEVER;
    }
    return date;
  });

export const replySchema = z.object({
  discounts: z.record(
    z.uuid(code("invalid")),
    z.number(code("invalid")).int(code("invalid")).min(0, code("invalid")).max(MAX_DISCOUNT_BASIS_POINTS, code("invalid")),
    code("invalid"),
  ),
  validUntil: isoDateSchema,
  comment: optionalCommentSchema,
});

/** A date as the views show it. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
