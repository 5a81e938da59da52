/*
 * Registration and address blacklists (issue 26 point 1, spec extensions §2, §5, §9; CONTRACT §8): the
 * shop names words a shopper may not put into name fields (first name, last name, company) or address
 * fields (street, zip code, city). One rule, used by the page while the shopper types and by the server
 * where the value is saved: a field is blocked when it contains a word, case-insensitively, anywhere in it.
 */

/** What a word applies to. */
export const BLACKLIST_KINDS = ["name", "address"] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

/** The longest word the console stores. */
export const BLACKLIST_WORD_MAX_LENGTH = 100;

/** Spec §9: the checkout confirm page wires its address dialog's inputs this long after the address button is pressed. */
export const BLACKLIST_CONFIRM_WIRE_DELAY_MS = 1500;

/** On a blocked field (besides `aria-invalid="true"` and its message). */
export const BLACKLIST_FIELD_CLASS = "is-blacklisted";
/** On every submit button of a form while one of its fields is blocked. */
export const BLACKLIST_BLOCKED_SUBMIT_CLASS = "is-blacklist-blocked";

/** The field-error code a refused value gets: `blacklisted:<word>` (the message names the word). */
export const BLACKLIST_ERROR_PREFIX = "blacklisted:";
export type BlacklistErrorCode = `blacklisted:${string}`;

export const blacklistErrorCode = (word: string): BlacklistErrorCode => `${BLACKLIST_ERROR_PREFIX}${word}`;

/** The word of a `blacklisted:<word>` code, or null for any other code. */
export function blacklistedWordOf(code: string): string | null {
  return code.startsWith(BLACKLIST_ERROR_PREFIX) ? code.slice(BLACKLIST_ERROR_PREFIX.length) : null;
}

/** Field names (last path segment, `billingAddress.street` → `street`) and the kind of word that blocks them. */
export const BLACKLIST_FIELDS: Record<string, BlacklistKind> = {
  firstName: "name",
  lastName: "name",
  company: "name",
  street: "address",
  zipcode: "address",
  city: "address",
};

/** The kind that applies to a form field by its name (`billingAddress.city` → address), or null. */
export function blacklistKindOf(fieldName: string): BlacklistKind | null {
  const last = fieldName.slice(fieldName.lastIndexOf(".") + 1);
  return Object.hasOwn(BLACKLIST_FIELDS, last) ? BLACKLIST_FIELDS[last]! : null;
}

/**
 * The first word (as the shop typed it, trimmed) that `value` contains, ignoring case, or null. Words are
 * trimmed before matching; empty ones are ignored. Case is folded with `toLocaleLowerCase("de")`
 * after NFC normalisation, so "MÜLLER" holds "müller" however the umlaut was typed.
 */
export function findBlockedWord(value: string, words: readonly string[]): string | null {
  const haystack = fold(value);
  if (!haystack) return null;
  for (const raw of words) {
    const word = raw.trim();
    if (word && haystack.includes(fold(word))) return word;
  }
  return null;
}

function fold(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("de");
}

/** Answers of the three GETs (spec §3, §7). */
export interface ActiveBlacklistsAnswer {
  activeRegistrationFieldBlacklists: Record<BlacklistKind, boolean>;
}
export interface NameBlacklistAnswer {
  nameBlacklistWords: string[];
}
export interface AddressBlacklistAnswer {
  addressBlacklistWords: string[];
}
