import type { MessageKey } from "../../../../kernel/i18n/en";
import type { Locale } from "../../../../kernel/i18n/locales";
import type { QuoteDisplayStatus } from "../../../../server/b2b/quotes/states";
import type { QuoteActions, QuoteRefusal } from "../../../../server/b2b/quotes/types";

/** What the quote pages show in words; pure, so the list, the detail page and their tests share it. */

const STATUS_KEYS: Record<QuoteDisplayStatus, MessageKey> = {
  open: "customer.quotes.status.open",
  in_review: "customer.quotes.status.in_review",
  replied: "customer.quotes.status.replied",
  accepted: "customer.quotes.status.accepted",
  ordered: "customer.quotes.status.ordered",
  declined: "customer.quotes.status.declined",
  changes_requested: "customer.quotes.status.changes_requested",
  expired: "customer.quotes.status.expired",
};

/**
 * The label of a quote's status. It takes the display status, so a quote past its validity date reads
 * **Expired** instead of its stored status (CONTRACT §6, spec §4).
 */
export function quoteStatusKey(displayStatus: QuoteDisplayStatus): MessageKey {
  return STATUS_KEYS[displayStatus];
}

/** The refusals a customer can meet; the console's own (a reply's date, an order of another company) read as "could not be done". */
const REFUSAL_KEYS: Partial<Record<QuoteRefusal, MessageKey>> = {
  "cart-empty": "customer.quotes.refusal.cart-empty",
  "cart-line-unavailable": "customer.quotes.refusal.cart-line-unavailable",
  "cart-has-subscription": "customer.quotes.refusal.cart-has-subscription",
  "not-allowed-in-state": "customer.quotes.refusal.not-allowed-in-state",
  expired: "customer.quotes.refusal.expired",
  "comment-required": "customer.quotes.refusal.comment-required",
  invalid: "customer.quotes.refusal.invalid",
};

export function quoteRefusalKey(reason: QuoteRefusal): MessageKey {
  return REFUSAL_KEYS[reason] ?? "customer.quotes.refusal.other";
}

/** A date as the quote pages show it (a validity day or a timestamp), in UTC. */
export { formatDay as formatQuoteDate } from "../../../i18n/i18n";

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** A discount in basis points as a percentage: 1250 → "12.5%" / "12,5 %". */
export function formatDiscount(basisPoints: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "percent", maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format.format(basisPoints / 10_000);
}

/** Which of the detail page's buttons the actor's role allows (the server checks again on use). */
export interface QuoteAbilities {
  accept: boolean;
  decline: boolean;
  requestChanges: boolean;
}

/** The buttons that work now; `order`: an accepted quote goes to the checkout again (its cart may be gone). */
export interface EnabledQuoteActions extends QuoteAbilities {
  order: boolean;
}

/**
 * Which buttons work now: the quote must take the event (its state machine's `actions`) and the role
 * must allow it; an expired quote takes nothing (spec §4), whatever else says so.
 */
export function enabledQuoteActions(quote: { displayStatus: QuoteDisplayStatus; actions: QuoteActions }, can: QuoteAbilities): EnabledQuoteActions {
  const open = quote.displayStatus !== "expired";
  return {
    accept: open && quote.actions.accept && can.accept,
    decline: open && quote.actions.decline && can.decline,
    requestChanges: open && quote.actions.requestChanges && can.requestChanges,
    order: quote.displayStatus === "accepted" && can.accept,
  };
}

/** What the detail page confirms after a post (post → redirect → get): one query flag each. */
export type QuoteNotice = "requested" | "declined" | "changes-requested";
const NOTICES: readonly QuoteNotice[] = ["requested", "declined", "changes-requested"];

export function quoteNoticeQuery(notice: QuoteNotice): Record<string, string> {
  return { [notice]: "1" };
}

export function quoteNoticeFromQuery(params: URLSearchParams): QuoteNotice | null {
  return NOTICES.find((notice) => params.get(notice) === "1") ?? null;
}
