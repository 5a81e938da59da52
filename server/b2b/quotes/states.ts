/**
 * The quote's state machine (issue 24, reference §15.1), pure: the service applies it under a row lock.
 *
 *   request → open
 *   review           (shop)     open | changes_requested → in_review
 *   reply            (shop)     open | in_review | changes_requested → replied  (valid until today or later)
 *   accept           (customer) replied, not expired → accepted
 *   decline          (customer) open | in_review | replied | changes_requested, not expired → declined
 *   request_changes  (customer) replied, not expired, with a comment → changes_requested
 *   order_placed     (system)   accepted, not expired → ordered
 *
 * "Expired" is not stored: a replied or accepted quote whose validity date has ended shows as expired
 * (`displayStatus`) and takes no event any more. Refusals are reason codes, never exceptions.
 */

export const QUOTE_STATES = ["open", "in_review", "replied", "accepted", "ordered", "declined", "changes_requested"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** What a list shows instead of the status once the validity has ended. */
export type QuoteDisplayStatus = QuoteState | "expired";
export const QUOTE_DISPLAY_STATUSES: readonly QuoteDisplayStatus[] = [...QUOTE_STATES, "expired"];

export type QuoteEvent =
  | { type: "review" }
  /** `validUntil`: the last day the offer holds (any time on that UTC day). */
  | { type: "reply"; validUntil: Date | null }
  | { type: "accept" }
  | { type: "decline" }
  | { type: "request_changes"; comment: string }
  | { type: "order_placed" };

export type QuoteEventType = QuoteEvent["type"];
export const QUOTE_EVENT_TYPES: readonly QuoteEventType[] = ["review", "reply", "accept", "decline", "request_changes", "order_placed"];

export type TransitionRefusal =
  /** The event does not apply to the quote's state (e.g. accepting a declined quote, a second accept). */
  | "not-allowed-in-state"
  /** The quote's validity date has ended. */
  | "expired"
  /** A reply needs a validity date of today or later. */
  | "valid-until-required"
  | "valid-until-past"
  /** Requesting changes needs a comment saying which. */
  | "comment-required";

export type TransitionResult = { ok: true; status: QuoteState } | { ok: false; reason: TransitionRefusal };

/** The part of a quote the machine reads. */
export interface QuoteStateInput {
  status: QuoteState;
  validUntil: Date | null;
}

const DAY_MS = 86_400_000;

/** Midnight (UTC) that starts the day of `at`. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** Whether the UTC day of `validUntil` has ended at `now`: the offer holds through the whole day. */
export function validityEnded(validUntil: Date, now: Date): boolean {
  return validUntil.getTime() < startOfUtcDay(now).getTime();
}

/** A replied or accepted quote past the end of its validity day (UTC). */
export function isExpired(quote: QuoteStateInput, now: Date): boolean {
  return (quote.status === "replied" || quote.status === "accepted") && quote.validUntil !== null && validityEnded(quote.validUntil, now);
}

export function displayStatus(quote: QuoteStateInput, now: Date): QuoteDisplayStatus {
  return isExpired(quote, now) ? "expired" : quote.status;
}

/** The states each event leaves from. */
const FROM: Record<QuoteEventType, readonly QuoteState[]> = {
  review: ["open", "changes_requested"],
  reply: ["open", "in_review", "changes_requested"],
  accept: ["replied"],
  decline: ["open", "in_review", "replied", "changes_requested"],
  request_changes: ["replied"],
  order_placed: ["accepted"],
};

const TO: Record<QuoteEventType, QuoteState> = {
  review: "in_review",
  reply: "replied",
  accept: "accepted",
  decline: "declined",
  request_changes: "changes_requested",
  order_placed: "ordered",
};

export function transition(quote: QuoteStateInput, event: QuoteEvent, now: Date): TransitionResult {
  if (!FROM[event.type].includes(quote.status)) return { ok: false, reason: "not-allowed-in-state" };
  // Only replied and accepted quotes carry a validity that can end; every event they take needs it alive,
  // declining included: the spec disables decline on an expired quote, which stays as it is.
  if (isExpired(quote, now)) return { ok: false, reason: "expired" };
  if (event.type === "reply") {
    if (!event.validUntil) return { ok: false, reason: "valid-until-required" };
    if (validityEnded(event.validUntil, now)) return { ok: false, reason: "valid-until-past" };
  }
  if (event.type === "request_changes" && event.comment.trim() === "") return { ok: false, reason: "comment-required" };
  return { ok: true, status: TO[event.type] };
}

/**
 * Whether the event could apply now, its payload aside (a valid date, a comment): which buttons a page
 * enables. The service still runs `transition` with the real payload.
 */
export function canApply(quote: QuoteStateInput, type: QuoteEventType, now: Date): boolean {
  return FROM[type].includes(quote.status) && !isExpired(quote, now);
}
