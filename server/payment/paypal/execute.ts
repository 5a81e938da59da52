import { PayPalApiError, type PayPalClient } from "./client";
import { acceptCardAuthentication } from "./three-ds";
import type { Order, Patch } from "./types";

/*
 * Finishing a PayPal order after the buyer approved it (reference §2.1 "Finalize"): tag it with the
 * shop's order number and transaction id, then capture or authorize it. Safe to call again for the
 * same order (a reload of the finish step): a completed order is reported, not charged twice.
 */

export type FinalizeStatus = "paid" | "authorized" | "pending" | "declined";

export interface FinalizeResult {
  status: FinalizeStatus;
  captureId?: string;
  authorizationId?: string;
  order: Order;
  /** Why it was declined: PayPal's issue (`INSTRUMENT_DECLINED` …), a capture's reason, or ours (`CARD_3DS_REJECTED`). */
  issue?: string;
}

export interface FinalizeInput {
  paypalOrderId: string;
  intent: "CAPTURE" | "AUTHORIZE";
  /** The shop's order number, shown to the payer; dropped when PayPal reports it as already used. */
  invoiceId?: string;
  /** The shop's transaction id: comes back in captures and webhooks. */
  customId: string;
  /** Idempotency key of the capture or authorization (PayPal-Request-Id). */
  requestId: string;
  force3ds: boolean;
  /** Extra headers for the capture or authorization, e.g. PayPal-Mock-Response in sandbox tests. */
  headers?: Record<string, string>;
}

/** Our issue when a card's 3-D Secure result is not accepted (three-ds.ts): nothing was captured. */
export const CARD_3DS_REJECTED = "CARD_3DS_REJECTED";

/**
 * PayPal's issues that mean "this payer or means of payment was refused": the shopper can try again
 * with another method. Any other refusal is our fault or PayPal's and is thrown.
 */
export const DECLINE_ISSUES: ReadonlySet<string> = new Set([
  "INSTRUMENT_DECLINED",
  "TRANSACTION_REFUSED",
  "PAYER_ACTION_REQUIRED",
  "ORDER_NOT_APPROVED",
  "MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED",
  "PAYER_CANNOT_PAY",
  "PAYER_ACCOUNT_LOCKED_OR_CLOSED",
  "PAYER_ACCOUNT_RESTRICTED",
  "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING",
  "CARD_BRAND_NOT_SUPPORTED",
  "REFERENCED_CARD_EXPIRED",
  "TRANSACTION_LIMIT_EXCEEDED",
  "PAYEE_BLOCKED_TRANSACTION",
  "TRANSACTION_BLOCKED_BY_PAYEE",
  "COMPLIANCE_VIOLATION",
  "DECLINED_DUE_TO_RELATED_TXN",
  "SHIPPING_ADDRESS_INVALID",
  "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED",
  "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR",
  "ORDER_EXPIRED",
  "TOKEN_EXPIRED",
]);

const ALREADY_DONE_ISSUES = ["ORDER_ALREADY_CAPTURED", "ORDER_ALREADY_AUTHORIZED"];

/** PayPal-Request-Id is at most 108 characters (checkout_orders_v2). */
const REQUEST_ID_MAX = 108;
const RETRY_SUFFIX = "-noinv";

/** The single purchase unit the shop creates has PayPal's default reference id. */
const UNIT = "/purchase_units/@reference_id=='default'";

export async function finalizeOrder(client: PayPalClient, input: FinalizeInput): Promise<FinalizeResult> {
  const id = input.paypalOrderId;
  const before = await client.getOrder(id);
  if (before.status === "COMPLETED") {
    const done = outcomeOf(before, input.intent);
    if (done) return done;
  }
  if (before.status === "VOIDED") return { status: "declined", issue: "ORDER_VOIDED", order: before };
  if (!cardAuthenticationAccepted(before, input.force3ds)) return { status: "declined", issue: CARD_3DS_REJECTED, order: before };

  const patches: Patch[] = [{ op: "add", path: `${UNIT}/custom_id`, value: input.customId }];
  if (input.invoiceId) patches.unshift({ op: "add", path: `${UNIT}/invoice_id`, value: input.invoiceId });
  try {
    await client.patchOrder(id, patches);
  } catch (error) {
    // A concurrent finish (a second submit, another tab) captured meanwhile: PayPal refuses to change a
    // completed order. Its payment is the answer.
    if (!(error instanceof PayPalApiError && error.hasIssue("ORDER_ALREADY_COMPLETED"))) throw error;
    const current = outcomeOf(await client.getOrder(id), input.intent);
    if (current) return current;
    throw error;
  }

  const attempt = async (requestId: string): Promise<FinalizeResult> => {
    try {
      const options = { requestId, headers: input.headers };
      const after = input.intent === "CAPTURE" ? await client.captureOrder(id, options) : await client.authorizeOrder(id, options);
      return outcomeOf(after, input.intent) ?? missingPayment(id);
    } catch (error) {
      if (!(error instanceof PayPalApiError)) throw error;
      if (ALREADY_DONE_ISSUES.some((issue) => error.hasIssue(issue))) {
        // A previous attempt went through (a retry after a timeout, a second tab): report it.
        const current = outcomeOf(await client.getOrder(id), input.intent);
        if (current) return current;
      }
      const declined = error.issues.find((issue) => DECLINE_ISSUES.has(issue));
      if (declined) return { status: "declined", issue: declined, order: before };
      throw error;
    }
  };

  try {
    return await attempt(input.requestId);
  } catch (error) {
    if (!(error instanceof PayPalApiError && error.hasIssue("DUPLICATE_INVOICE_ID"))) throw error;
    // The merchant account refuses a used invoice number (an order number reused after a failed
    // attempt, a second shop on the same account): pay without it rather than not at all. Once.
    await client.patchOrder(id, [{ op: "remove", path: `${UNIT}/invoice_id` }]);
    // A new idempotency key: PayPal would answer the old one with the stored refusal.
    return attempt(`${input.requestId.slice(0, REQUEST_ID_MAX - RETRY_SUFFIX.length)}${RETRY_SUFFIX}`);
  }
}

/**
 * 3DS applies to card payments (reference: `ACDCValidator`, `GooglePayValidator`): a card must carry an
 * accepted authentication result; Google Pay only when it has one (device tokens are authenticated by
 * the device); Apple Pay always is, and wallets and bank debits have no 3DS.
 */
function cardAuthenticationAccepted(order: Order, force3ds: boolean): boolean {
  const source = order.payment_source;
  if (source?.card) return acceptCardAuthentication(source.card.authentication_result, { force3ds });
  const googlePay = source?.google_pay?.card?.authentication_result;
  if (googlePay) return acceptCardAuthentication(googlePay, { force3ds });
  return true;
}

/** What an order says about its payment, or null when it holds no capture (authorization) yet. */
export function outcomeOf(order: Order, intent: FinalizeInput["intent"]): FinalizeResult | null {
  const payments = order.purchase_units?.[0]?.payments;
  if (intent === "CAPTURE") {
    const capture = payments?.captures?.at(-1);
    if (!capture?.id || !capture.status) return null;
    const base = { captureId: capture.id, order };
    switch (capture.status) {
      case "COMPLETED":
      case "PARTIALLY_REFUNDED":
      case "REFUNDED":
        return { ...base, status: "paid" };
      case "PENDING":
        return { ...base, status: "pending" };
      case "DECLINED":
      case "FAILED":
        return { ...base, status: "declined", issue: capture.status_details?.reason ?? `CAPTURE_${capture.status}` };
    }
  }
  const authorization = payments?.authorizations?.at(-1);
  if (!authorization?.id || !authorization.status) return null;
  const base = { authorizationId: authorization.id, order };
  switch (authorization.status) {
    case "CREATED":
      return { ...base, status: "authorized" };
    case "CAPTURED":
    case "PARTIALLY_CAPTURED":
      return { ...base, status: "paid", captureId: payments?.captures?.at(-1)?.id };
    case "PENDING":
      return { ...base, status: "pending" };
    case "DENIED":
    case "VOIDED":
      return { ...base, status: "declined", issue: `AUTHORIZATION_${authorization.status}` };
  }
}

function missingPayment(orderId: string): never {
  throw new PayPalApiError({
    status: 0,
    name: "INVALID_RESPONSE",
    message: `PayPal answered the payment of order ${orderId} without a capture or authorization`,
  });
}
