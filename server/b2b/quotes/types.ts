import type { FieldErrors } from "../../customer/types";
import type { Database } from "../../db/client";
import type { B2bActor } from "../types";
import type { QuoteTotals } from "./pricing";
import type { QuoteDisplayStatus, QuoteState, TransitionRefusal } from "./states";
import type { quoteAuthorKinds } from "./tables";

/*
 * What the quote pages and the operator console show (issue 24, CONTRACT §6 and §9). Amounts are in
 * minor units of `currency`, discounts in basis points (10000 = 100 %), dates as ISO strings.
 */

export const QUOTE_PAGE_SIZE = 20;

export type QuoteAuthorKind = (typeof quoteAuthorKinds)[number];

/** One row of a quote list. */
export interface QuoteSummary {
  id: string;
  number: number;
  /** `Q-20001`. */
  numberLabel: string;
  status: QuoteState;
  /** The status, or `expired` once the validity date has ended (the list shows **Expired** then). */
  displayStatus: QuoteDisplayStatus;
  currency: string;
  /** At the quoted prices (the list prices until the shop replies). */
  totalGross: number;
  /** The last day the offer holds, `YYYY-MM-DD`; null until the shop replies. */
  validUntil: string | null;
  /** The employee who asked (null: the partner, or an employee deleted since) and the name kept. */
  requesterId: string | null;
  requesterName: string;
  lineCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuoteLineView {
  id: string;
  /** Null once the product is gone from the catalog. */
  variantId: string | null;
  productNumber: string;
  label: string;
  quantity: number;
  listUnitGross: number;
  discountBasisPoints: number;
  /** The list price less the discount, rounded half up to the minor unit. */
  quotedUnitGross: number;
  totalGross: number;
}

export interface QuoteCommentView {
  id: string;
  authorKind: QuoteAuthorKind;
  authorName: string;
  text: string;
  createdAt: string;
}

/** Which events the quote takes now, from the state machine (a page enables its buttons by them). */
export interface QuoteActions {
  review: boolean;
  reply: boolean;
  accept: boolean;
  decline: boolean;
  requestChanges: boolean;
}

export interface QuoteDetail extends QuoteSummary {
  lines: QuoteLineView[];
  totals: QuoteTotals;
  comments: QuoteCommentView[];
  /** The order placed at the quoted prices, once ordered. */
  orderId: string | null;
  actions: QuoteActions;
}

/** The operator console also sees whose quote it is. */
export interface ShopQuoteSummary extends QuoteSummary {
  partnerId: string;
  company: string;
}

export type ShopQuoteDetail = QuoteDetail & Pick<ShopQuoteSummary, "partnerId" | "company">;

export interface QuotePage<T> {
  elements: T[];
  total: number;
  /** The page shown: the one asked for, kept within 1 and the last page. */
  page: number;
  pageSize: number;
}

export type QuoteRefusal =
  | TransitionRefusal
  /** The actor's role lacks the permission (the routes check it first; the service refuses too). */
  | "forbidden"
  /** The input failed validation: `errors` says where. */
  | "invalid"
  | "cart-empty"
  /** A cart line whose product is out of the shop or has no price: the cart page shows it. */
  | "cart-line-unavailable"
  /** Quotes are for one-time purchases: a subscription line's price is the plan's, not negotiable. */
  | "cart-has-subscription"
  /** `markOrdered`: the order is not the quote company's. */
  | "order-mismatch";

export type QuoteResult<T> = { ok: true; value: T } | { ok: false; reason: QuoteRefusal; errors?: FieldErrors };

/** The shop's answer as the console posts it. */
export interface QuoteReplyInput {
  /** Discount per line id in basis points (0 to 10000); lines left out keep their discount. */
  discounts: Record<string, number>;
  /** `YYYY-MM-DD`, today (UTC) or later. */
  validUntil: string;
  comment?: string;
}

/** A line of an accepted quote as the checkout orders it. */
export interface QuotedLine {
  variantId: string;
  quantity: number;
  unitGross: number;
}

/**
 * The quote domain. Customer methods read and change only the company's quotes (another company's id
 * answers null and changes nothing); every change runs through the state machine (./states.ts) in one
 * transaction holding the quote's row lock, so concurrent clicks make one transition. Methods taking
 * `executor` run inside the caller's transaction (the checkout's) when given.
 */
export interface QuoteService {
  /** Copies the cart's product lines into a new open quote of the actor's company; the cart stays as it is. */
  requestFromCart(actor: B2bActor, cartToken: string | undefined, comment?: string): Promise<QuoteResult<QuoteDetail>>;
  /** `requesterId` narrows to one employee's quotes (roles without `quote.read.all`); newest first. */
  list(partnerId: string, options: { requesterId?: string | null; page?: number }): Promise<QuotePage<QuoteSummary>>;
  detail(partnerId: string, quoteId: string, options?: { requesterId?: string | null }): Promise<QuoteDetail | null>;
  accept(actor: B2bActor, quoteId: string): Promise<QuoteResult<QuoteDetail> | null>;
  decline(actor: B2bActor, quoteId: string): Promise<QuoteResult<QuoteDetail> | null>;
  requestChanges(actor: B2bActor, quoteId: string, comment: string): Promise<QuoteResult<QuoteDetail> | null>;
  /** The console's list: every company's quotes of the shop, optionally of one (display) status. */
  listForShop(options: { status?: QuoteDisplayStatus; page?: number }): Promise<QuotePage<ShopQuoteSummary>>;
  detailForShop(quoteId: string): Promise<ShopQuoteDetail | null>;
  markInReview(quoteId: string): Promise<QuoteResult<ShopQuoteDetail> | null>;
  reply(quoteId: string, input: QuoteReplyInput): Promise<QuoteResult<ShopQuoteDetail> | null>;
  /** The order placed at the quoted prices: accepted → ordered, the order linked. */
  markOrdered(quoteId: string, orderId: string, executor?: Database): Promise<QuoteResult<{ status: QuoteState }> | null>;
  /**
   * The lines to order at the quoted prices: only for the company's accepted, unexpired quote whose
   * products all still exist (null otherwise). With `executor` the quote's row is locked until its end.
   */
  quotedLines(partnerId: string, quoteId: string, executor?: Database): Promise<QuotedLine[] | null>;
}
