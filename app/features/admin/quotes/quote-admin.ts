import type { FieldErrors } from "../../../../server/customer/types";
import type { QuoteRefusal } from "../../../../server/b2b/quotes/types";
import type { QuoteDisplayStatus } from "../../../../server/b2b/quotes/states";

/*
 * The console's quote pages without React: the status names, the list's filter, the reply form's fields
 * and its messages (English only, like the rest of the console; CONTRACT §9).
 */

/** The statuses as the console names them, in the filter's order; `replied` reads "Answered" to the shop. */
export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteDisplayStatus, string>> = {
  open: "Open",
  in_review: "In review",
  changes_requested: "Changes requested",
  replied: "Answered",
  accepted: "Accepted",
  ordered: "Ordered",
  declined: "Declined",
  expired: "Expired",
};

export const QUOTE_STATUS_FILTERS = Object.keys(QUOTE_STATUS_LABELS) as QuoteDisplayStatus[];

/** The list's `?status=`: one of the display statuses, anything else (or nothing) lists all. */
export function statusFilter(value: string | null): QuoteDisplayStatus | undefined {
  return value !== null && Object.hasOwn(QUOTE_STATUS_LABELS, value) ? (value as QuoteDisplayStatus) : undefined;
}

/** A page parameter: a whole number from 1 on; anything else is the first page (the service keeps it within the last). */
export function pageParam(value: string | null): number {
  return value !== null && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/** Basis points as the **Discount %** field shows them: 1250 → "12.5", 1234 → "12.34", 0 → "0". */
export function percentOfBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const cents = String(basisPoints % 100).padStart(2, "0").replace(/0+$/, "");
  return cents ? `${whole}.${cents}` : String(whole);
}

/** The day (UTC) of `at` as `YYYY-MM-DD`: the earliest **Valid until** the server takes. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The longest comment the server stores (its QUOTE_COMMENT_MAX_LENGTH, which lives with the tables the UI does not import). */
export const REPLY_COMMENT_MAX = 2000;

/** The reply form's field names: one discount per line, keyed by the line's id. */
export const discountField = (lineId: string) => `discount.${lineId}`;

/** What the reply form posted, as typed (shown again with the messages when it is refused). */
export interface ReplyValues {
  /** The **Discount %** text per line id. */
  percents: Record<string, string>;
  validUntil: string;
  comment: string;
}

/** Messages per field: `discount.{lineId}`, `validUntil`, `comment`, or `form` for the whole form. */
export type ReplyErrors = Record<string, string>;

const text = (form: FormData | null, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
};

/** The reply form's values for the quote's lines (a line the form lacks reads as an empty field). */
export function readReplyForm(form: FormData | null, lineIds: readonly string[]): ReplyValues {
  return {
    percents: Object.fromEntries(lineIds.map((id) => [id, text(form, discountField(id)).trim()])),
    validUntil: text(form, "validUntil").trim(),
    comment: text(form, "comment"),
  };
}

export const REPLY_MESSAGES = {
  discount: "Enter a discount from 0 to 100 with at most two decimals, e.g. 12.5.",
  validUntilRequired: "Enter the last day the offer holds.",
  validUntilInvalid: "Enter a date as YYYY-MM-DD.",
  validUntilPast: "The offer must hold until today or later.",
  commentTooLong: `The comment can have at most ${REPLY_COMMENT_MAX} characters.`,
  commentInvalid: "The comment contains characters that cannot be stored. Remove them and send again.",
  linesChanged: "The quote's lines have changed. Reload the page and send again.",
} as const;

/** The service's field errors (codes) as the form's messages. */
export function replyErrorsFromService(errors: FieldErrors = {}): ReplyErrors {
  const messages: ReplyErrors = {};
  for (const [path, code] of Object.entries(errors)) {
    if (path === "validUntil") messages.validUntil = REPLY_MESSAGES.validUntilInvalid;
    else if (path === "comment") messages.comment = code === "too-long" ? REPLY_MESSAGES.commentTooLong : REPLY_MESSAGES.commentInvalid;
    // `discounts.{lineId}` or `discounts` (a line the quote no longer has): the lines on the page are stale.
    else messages.form = REPLY_MESSAGES.linesChanged;
  }
  return messages;
}

/** A refusal of the state machine as the validity field's message, or null when it is no field's fault. */
export function validUntilRefusal(reason: QuoteRefusal): string | null {
  if (reason === "valid-until-past") return REPLY_MESSAGES.validUntilPast;
  if (reason === "valid-until-required") return REPLY_MESSAGES.validUntilRequired;
  return null;
}

/**
 * Why a quote takes no reply (or review) now: 409's sentence. Not naming the status: the refusal means it
 * changed since the page was loaded, and the page shows the current one after the post.
 */
export function quoteRefusalMessage(reason: QuoteRefusal): string {
  if (reason === "expired") return "This quote has expired: it can no longer be changed.";
  return "This quote's status has changed since the page was loaded: it cannot be changed that way now. The page shows its current status.";
}

/** The quote page's action answers: a change made, a refusal (409, 404), or the reply form's messages (400). */
export type QuoteActionResult = { done: string } | { refused: string } | { errors: ReplyErrors; values: ReplyValues };
