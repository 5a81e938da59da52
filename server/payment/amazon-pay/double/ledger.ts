import type { Reply } from "../../double-http";
import { randomBytes, randomUUID } from "node:crypto";
import type {
  Address,
  Buyer,
  Charge,
  CheckoutSession,
  CheckoutSessionReasonCode,
  Constraint,
  PaymentDetails,
  PaymentIntent,
  Price,
  Refund,
} from "../types";

/*
 * The Amazon Pay double's state and Amazon's rules (API reference "Checkout Session", "Charge",
 * "Refund", "Buyer"; sandbox simulations): checkout sessions Open → Completed or Canceled, charges
 * Authorized → Captured / Canceled / Declined, refunds RefundInitiated → Refunded / Declined, buyers by
 * token. Every operation answers what Amazon would: a status and a body, an error being
 * `{ reasonCode, message }`. No HTTP here (./server.ts), so the rules read in one place.
 */

export type { Reply };

export function amazonError(status: number, reasonCode: string, message: string): Reply {
  return { status, body: { reasonCode, message } };
}

const notFound = (what: string, id: string) => amazonError(404, "ResourceNotFound", `${what} ${id} does not exist`);

/** What the buyer chose on Amazon's page (the double's `approve`). */
export interface DoubleApproval {
  buyer: { buyerId?: string; name: string; email: string; phoneNumber?: string | null };
  shippingAddress?: Partial<Address> | null;
  billingAddress?: Partial<Address> | null;
  /** e.g. "Visa ****1111"; Amazon's simulated cards ending 3064 (buyer cancels) and 3434 (declined) act at completion. */
  paymentDescriptor?: string;
}

export const DEFAULT_APPROVAL: DoubleApproval = {
  buyer: { buyerId: "amzn1.account.TESTDOUBLEBUYER0000000000", name: "Erika Mustermann", email: "erika@example.test", phoneNumber: "+49 30 1234567" },
  shippingAddress: { name: "Erika Mustermann", addressLine1: "Heidestraße 17", city: "Köln", postalCode: "51147", countryCode: "DE" },
  billingAddress: { name: "Erika Mustermann", addressLine1: "Heidestraße 17", city: "Köln", postalCode: "51147", countryCode: "DE" },
  paymentDescriptor: "Visa ****1111",
};

/** Simulation codes at completion and the reason the session is canceled with. */
const COMPLETION_SIMULATIONS: Readonly<Record<string, CheckoutSessionReasonCode>> = {
  BuyerCanceled: "BuyerCanceled",
  HardDeclined: "Declined",
  Declined: "Declined",
  Expired: "Expired",
  AmazonCanceled: "AmazonCanceled",
};

/**
 * The `x-amz-pay-simulation-code` values the double knows, by the call they act on. Amazon answers an
 * unknown or misplaced code with 400 InvalidSandboxSimulationSpecified; so does the double.
 */
export const SIMULATION_CODES: Readonly<Record<"completeCheckoutSession" | "captureCharge" | "createRefund", readonly string[]>> = {
  completeCheckoutSession: Object.keys(COMPLETION_SIMULATIONS),
  captureCharge: ["HardDeclined", "SoftDeclined", "AmazonRejected", "ProcessingFailure"],
  createRefund: ["RefundDeclined"],
};

/** Simulated payment methods of Amazon's sandbox buyers (card endings) and what they do at completion. */
const SIMULATED_CARDS: Record<string, CheckoutSessionReasonCode> = { "3064": "BuyerCanceled", "3434": "Declined" };

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const AUTHORIZATION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Amazon's compact timestamps: `20261126T123456Z`. */
export function amazonTimestamp(at: number = Date.now()): string {
  return new Date(at).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Amounts in minor units; Amazon's amounts have at most two decimals (JPY none). */
export function minorUnits(amount: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) return null;
  const [whole, fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function formatMinor(minor: number, like: string): string {
  // Keep the currency's way of writing: "10" stays without decimals, "10.00" with two.
  return like.includes(".") ? (minor / 100).toFixed(2) : String(Math.round(minor / 100));
}

function isPrice(value: unknown): value is Price {
  if (typeof value !== "object" || value === null) return false;
  const price = value as Record<string, unknown>;
  return typeof price.amount === "string" && minorUnits(price.amount) !== null && typeof price.currencyCode === "string" && /^[A-Z]{3}$/.test(price.currencyCode);
}

/** An object whose state changed, which Amazon tells the merchant about in an IPN (./sns.ts, ./server.ts). */
export interface StateChange {
  objectType: "CHARGE" | "REFUND" | "CHECKOUT_SESSION";
  objectId: string;
  chargePermissionId: string | null;
}

const PAYMENT_INTENTS = new Set<PaymentIntent>(["AuthorizeWithCapture", "Authorize", "Confirm"]);

interface SessionRecord {
  session: CheckoutSession;
  /** The buyer came back from `amazonPayRedirectUrl` (Amazon processed the payment there). */
  buyerReturned: boolean;
  /** Amazon's simulated payment method outcome, chosen on its page. */
  simulatedOutcome: CheckoutSessionReasonCode | null;
  expiresAt: number;
}

function emptyAddress(partial: Partial<Address> | null | undefined): Address | null {
  if (!partial) return null;
  return {
    name: null,
    addressLine1: null,
    addressLine2: null,
    addressLine3: null,
    city: null,
    county: null,
    district: null,
    stateOrRegion: null,
    postalCode: null,
    countryCode: null,
    phoneNumber: null,
    ...partial,
  };
}

/** `S02-1234567-1234567`: the shape of Amazon's charge permission ids. */
function permissionId(): string {
  const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");
  return `S02-${digits(7)}-${digits(7)}`;
}

export class Ledger {
  private sessions = new Map<string, SessionRecord>();
  /** A session is looked up through here: one left Open for 24 hours is Canceled (Expired) when next seen. */
  private session(id: string): SessionRecord | undefined {
    const record = this.sessions.get(id);
    if (record?.session.statusDetails.state === "Open" && Date.now() >= record.expiresAt) this.cancel(record, "Expired");
    return record;
  }
  private charges = new Map<string, Charge>();
  private refunds = new Map<string, Refund>();
  private buyers = new Map<string, Buyer>();
  private chargeCounter = 0;
  private refundCounter = 0;

  constructor(
    private readonly baseUrl: () => string,
    private readonly releaseEnvironment: "Sandbox" | "Live" = "Sandbox",
    private readonly notify: (change: StateChange) => void = () => {},
  ) {}

  // Checkout sessions

  createCheckoutSession(input: unknown): Reply {
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const web = (body.webCheckoutDetails ?? {}) as Record<string, unknown>;
    if (typeof body.storeId !== "string" || body.storeId === "") return amazonError(400, "MissingParameterValue", "storeId is required");
    if (typeof web.checkoutReviewReturnUrl !== "string" && web.checkoutMode !== "ProcessOrder") {
      return amazonError(400, "MissingParameterValue", "webCheckoutDetails.checkoutReviewReturnUrl is required");
    }
    const details = this.paymentDetails(body.paymentDetails, {});
    if ("status" in details) return details;
    const now = Date.now();
    const session: CheckoutSession = {
      checkoutSessionId: randomUUID(),
      webCheckoutDetails: {
        checkoutReviewReturnUrl: typeof web.checkoutReviewReturnUrl === "string" ? web.checkoutReviewReturnUrl : null,
        checkoutResultReturnUrl: typeof web.checkoutResultReturnUrl === "string" ? web.checkoutResultReturnUrl : null,
        amazonPayRedirectUrl: null,
        checkoutMode: web.checkoutMode === "ProcessOrder" ? "ProcessOrder" : null,
      },
      productType: typeof body.productType === "string" ? (body.productType as CheckoutSession["productType"]) : "PayAndShip",
      paymentDetails: details,
      merchantMetadata: { merchantReferenceId: null, merchantStoreName: null, noteToBuyer: null, customInformation: null, ...(body.merchantMetadata as object | undefined) },
      buyer: null,
      shippingAddress: null,
      billingAddress: null,
      paymentPreferences: null,
      statusDetails: { state: "Open", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: amazonTimestamp(now) },
      constraints: [],
      creationTimestamp: amazonTimestamp(now),
      expirationTimestamp: amazonTimestamp(now + SESSION_LIFETIME_MS),
      chargePermissionId: null,
      chargeId: null,
      storeId: body.storeId,
      releaseEnvironment: this.releaseEnvironment,
    };
    const record: SessionRecord = { session, buyerReturned: false, simulatedOutcome: null, expiresAt: now + SESSION_LIFETIME_MS };
    this.refreshConstraints(record);
    this.sessions.set(session.checkoutSessionId, record);
    return { status: 201, body: this.view(record) };
  }

  checkoutSessionCount(): number {
    return this.sessions.size;
  }

  getCheckoutSession(id: string): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    return { status: 200, body: this.view(record) };
  }

  updateCheckoutSession(id: string, input: unknown): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    if (record.session.statusDetails.state !== "Open") return this.notOpen(record);
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const details = this.paymentDetails(body.paymentDetails, record.session.paymentDetails);
    if ("status" in details) return details;
    const web = (body.webCheckoutDetails ?? {}) as Record<string, unknown>;
    const session = record.session;
    if (typeof web.checkoutResultReturnUrl === "string") session.webCheckoutDetails.checkoutResultReturnUrl = web.checkoutResultReturnUrl;
    if (typeof web.checkoutReviewReturnUrl === "string") session.webCheckoutDetails.checkoutReviewReturnUrl = web.checkoutReviewReturnUrl;
    session.paymentDetails = details;
    if (typeof body.merchantMetadata === "object" && body.merchantMetadata !== null) session.merchantMetadata = { ...session.merchantMetadata, ...body.merchantMetadata };
    session.statusDetails.lastUpdatedTimestamp = amazonTimestamp();
    this.refreshConstraints(record);
    return { status: 200, body: this.view(record) };
  }

  completeCheckoutSession(id: string, input: unknown, simulationCode: string | undefined): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    const session = record.session;
    if (session.statusDetails.state !== "Open") return this.notOpen(record);
    if (session.constraints.length > 0 || !record.buyerReturned) {
      return amazonError(422, "InvalidCheckoutSessionStatus", "The checkout session is not ready to be completed: the buyer has not been through amazonPayRedirectUrl yet");
    }
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    if (!isPrice(body.chargeAmount)) return amazonError(400, "InvalidParameterValue", "chargeAmount is missing or not a price");
    const expected = session.paymentDetails.chargeAmount!;
    if (body.chargeAmount.currencyCode !== expected.currencyCode) {
      return amazonError(400, "CurrencyMismatch", `chargeAmount currency ${body.chargeAmount.currencyCode} does not match the checkout session's ${expected.currencyCode}`);
    }
    if (minorUnits(body.chargeAmount.amount) !== minorUnits(expected.amount)) {
      return amazonError(400, "InvalidParameterValue", `chargeAmount ${body.chargeAmount.amount} does not match the checkout session's paymentDetails.chargeAmount ${expected.amount}`);
    }
    // A simulation string overrides the simulated payment method (Amazon's "Sandbox simulations").
    const simulated = simulationCode === undefined ? null : (COMPLETION_SIMULATIONS[simulationCode] ?? null);
    if (simulationCode !== undefined && !simulated) return unknownSimulation(simulationCode);
    const outcome = simulated ?? record.simulatedOutcome;
    if (outcome) {
      this.cancel(record, outcome);
      return amazonError(422, "CheckoutSessionCanceled", `The checkout session was canceled (${outcome}): the buyer canceled or the payment was declined`);
    }
    const now = Date.now();
    session.chargePermissionId = permissionId();
    const intent = session.paymentDetails.paymentIntent!;
    if (intent !== "Confirm") {
      const charge = this.newCharge(session.chargePermissionId, expected, session.paymentDetails.softDescriptor ?? null, now);
      if (intent === "AuthorizeWithCapture") {
        charge.captureAmount = { ...expected };
        charge.statusDetails = { state: "Captured", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: amazonTimestamp(now) };
      }
      session.chargeId = charge.chargeId;
      this.chargeChanged(charge);
    }
    session.statusDetails = { state: "Completed", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: amazonTimestamp(now) };
    return { status: 200, body: this.view(record) };
  }

  // The buyer's side (what Amazon's hosted pages do; test controls)

  /** The buyer signed in on Amazon's page and chose address and payment: the session gets the buyer's data. */
  approve(id: string, approval: DoubleApproval = DEFAULT_APPROVAL): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    if (record.session.statusDetails.state !== "Open") return this.notOpen(record);
    const session = record.session;
    const payOnly = session.productType === "PayOnly";
    session.buyer = {
      buyerId: approval.buyer.buyerId ?? `amzn1.account.${randomBytes(13).toString("hex").toUpperCase()}`,
      name: approval.buyer.name,
      email: approval.buyer.email,
      phoneNumber: approval.buyer.phoneNumber ?? null,
    };
    session.shippingAddress = payOnly ? null : emptyAddress(approval.shippingAddress ?? DEFAULT_APPROVAL.shippingAddress);
    session.billingAddress = emptyAddress(approval.billingAddress ?? approval.shippingAddress ?? DEFAULT_APPROVAL.billingAddress);
    const descriptor = approval.paymentDescriptor ?? DEFAULT_APPROVAL.paymentDescriptor!;
    session.paymentPreferences = [{ paymentDescriptor: descriptor }];
    const ending = /(\d{4})\s*$/.exec(descriptor)?.[1];
    record.simulatedOutcome = (ending && SIMULATED_CARDS[ending]) || null;
    session.statusDetails.lastUpdatedTimestamp = amazonTimestamp();
    this.refreshConstraints(record);
    return { status: 200, body: this.view(record) };
  }

  /** The buyer went through `amazonPayRedirectUrl` and is sent to `checkoutResultReturnUrl`: returns that URL. */
  returnFromRedirect(id: string): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    if (record.session.statusDetails.state !== "Open") return this.notOpen(record);
    if (!record.session.webCheckoutDetails.amazonPayRedirectUrl) {
      return amazonError(422, "InvalidCheckoutSessionStatus", `The checkout session still has constraints: ${record.session.constraints.map((c) => c.constraintId).join(", ")}`);
    }
    record.buyerReturned = true;
    const target = new URL(record.session.webCheckoutDetails.checkoutResultReturnUrl!);
    target.searchParams.set("amazonCheckoutSessionId", id);
    return { status: 200, body: { redirectUrl: target.toString() } };
  }

  /** The buyer left Amazon's page with "Cancel" (or the session timed out): Canceled with that reason. */
  cancelSession(id: string, reasonCode: CheckoutSessionReasonCode): Reply {
    const record = this.session(id);
    if (!record) return notFound("Checkout session", id);
    if (record.session.statusDetails.state !== "Open") return this.notOpen(record);
    this.cancel(record, reasonCode);
    return { status: 200, body: this.view(record) };
  }

  // Charges

  getCharge(id: string): Reply {
    const charge = this.charges.get(id);
    return charge ? { status: 200, body: charge } : notFound("Charge", id);
  }

  captureCharge(id: string, input: unknown, simulationCode: string | undefined): Reply {
    const charge = this.charges.get(id);
    if (!charge) return notFound("Charge", id);
    if (charge.statusDetails.state !== "Authorized") {
      return amazonError(422, "InvalidChargeStatus", `You tried to capture a charge in state ${charge.statusDetails.state}; only an Authorized charge can be captured`);
    }
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    if (!isPrice(body.captureAmount)) return amazonError(400, "InvalidParameterValue", "captureAmount is missing or not a price");
    if (body.captureAmount.currencyCode !== charge.chargeAmount.currencyCode) {
      return amazonError(400, "CurrencyMismatch", `captureAmount currency ${body.captureAmount.currencyCode} does not match the charge's ${charge.chargeAmount.currencyCode}`);
    }
    if (minorUnits(body.captureAmount.amount)! > minorUnits(charge.chargeAmount.amount)!) {
      return amazonError(400, "TransactionAmountExceeded", `captureAmount ${body.captureAmount.amount} exceeds the authorized ${charge.chargeAmount.amount}`);
    }
    const now = amazonTimestamp();
    if (simulationCode) {
      if (!SIMULATION_CODES.captureCharge.includes(simulationCode)) return unknownSimulation(simulationCode);
      charge.statusDetails = { state: "Declined", reasonCode: simulationCode, reasonDescription: "Simulated decline (test double)", lastUpdatedTimestamp: now };
      this.chargeChanged(charge);
      return { status: 200, body: charge };
    }
    charge.captureAmount = { amount: body.captureAmount.amount, currencyCode: body.captureAmount.currencyCode };
    if (typeof body.softDescriptor === "string") charge.softDescriptor = body.softDescriptor;
    charge.statusDetails = { state: "Captured", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: now };
    this.chargeChanged(charge);
    return { status: 200, body: charge };
  }

  cancelCharge(id: string, input: unknown): Reply {
    const charge = this.charges.get(id);
    if (!charge) return notFound("Charge", id);
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    if (typeof body.cancellationReason !== "string" || body.cancellationReason === "") return amazonError(400, "MissingParameterValue", "cancellationReason is required");
    const state = charge.statusDetails.state;
    if (state !== "Authorized" && state !== "AuthorizationInitiated") {
      return amazonError(422, "InvalidChargeStatus", `You tried to cancel a charge in state ${state}; only an authorized charge can be canceled`);
    }
    charge.statusDetails = { state: "Canceled", reasonCode: "MerchantCanceled", reasonDescription: body.cancellationReason, lastUpdatedTimestamp: amazonTimestamp() };
    this.chargeChanged(charge);
    return { status: 200, body: charge };
  }

  // Refunds

  createRefund(input: unknown, simulationCode: string | undefined): Reply {
    const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    if (typeof body.chargeId !== "string") return amazonError(400, "MissingParameterValue", "chargeId is required");
    if (!isPrice(body.refundAmount)) return amazonError(400, "InvalidParameterValue", "refundAmount is missing or not a price");
    if (simulationCode && !SIMULATION_CODES.createRefund.includes(simulationCode)) return unknownSimulation(simulationCode);
    const charge = this.charges.get(body.chargeId);
    if (!charge) return notFound("Charge", body.chargeId);
    if (charge.statusDetails.state !== "Captured" || !charge.captureAmount) {
      return amazonError(422, "InvalidChargeStatus", `You tried to refund a charge in state ${charge.statusDetails.state}; only a Captured charge can be refunded`);
    }
    if (body.refundAmount.currencyCode !== charge.captureAmount.currencyCode) {
      return amazonError(400, "CurrencyMismatch", `refundAmount currency ${body.refundAmount.currencyCode} does not match the charge's ${charge.captureAmount.currencyCode}`);
    }
    // Refunds still in flight count against the captured amount, as at Amazon.
    const pending = [...this.refunds.values()].filter((refund) => refund.chargeId === charge.chargeId && refund.statusDetails.state !== "Declined");
    const already = pending.reduce((sum, refund) => sum + minorUnits(refund.refundAmount.amount)!, 0);
    if (already + minorUnits(body.refundAmount.amount)! > minorUnits(charge.captureAmount.amount)!) {
      return amazonError(400, "TransactionAmountExceeded", `refundAmount ${body.refundAmount.amount} exceeds what is left of the captured ${charge.captureAmount.amount}`);
    }
    const now = amazonTimestamp();
    this.refundCounter += 1;
    const refund: Refund = {
      refundId: `${charge.chargeId.replace(/-C\d+$/, "")}-R${String(this.refundCounter).padStart(6, "0")}`,
      chargeId: charge.chargeId,
      refundAmount: { amount: body.refundAmount.amount, currencyCode: body.refundAmount.currencyCode },
      softDescriptor: typeof body.softDescriptor === "string" ? body.softDescriptor : null,
      statusDetails: { state: "RefundInitiated", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: now },
      creationTimestamp: now,
      releaseEnvironment: this.releaseEnvironment,
    };
    this.refunds.set(refund.refundId, refund);
    this.refundChanged(refund);
    // Amazon decides on a refund later; the double decides when a test says so (settleRefund), except a simulated decline.
    if (simulationCode === "RefundDeclined") this.settleRefund(refund.refundId, "Declined");
    return { status: 201, body: refund };
  }

  getRefund(id: string): Reply {
    const refund = this.refunds.get(id);
    return refund ? { status: 200, body: refund } : notFound("Refund", id);
  }

  /** Amazon finished a refund: Refunded (the charge's refundedAmount grows) or Declined. */
  settleRefund(id: string, outcome: "Refunded" | "Declined" = "Refunded"): Reply {
    const refund = this.refunds.get(id);
    if (!refund) return notFound("Refund", id);
    if (refund.statusDetails.state !== "RefundInitiated") return amazonError(422, "InvalidRefundStatus", `The refund is ${refund.statusDetails.state} already`);
    refund.statusDetails = { state: outcome, reasonCode: outcome === "Declined" ? "AmazonRejected" : null, reasonDescription: null, lastUpdatedTimestamp: amazonTimestamp() };
    const charge = this.charges.get(refund.chargeId)!;
    if (outcome === "Refunded") {
      const before = charge.refundedAmount ? minorUnits(charge.refundedAmount.amount)! : 0;
      charge.refundedAmount = { amount: formatMinor(before + minorUnits(refund.refundAmount.amount)!, refund.refundAmount.amount), currencyCode: refund.refundAmount.currencyCode };
    }
    this.refundChanged(refund);
    return { status: 200, body: refund };
  }

  // Buyers (Sign in with Amazon)

  /** What Amazon's sign-in page hands the shop: a buyer token for Get Buyer. */
  issueBuyerToken(buyer: DoubleApproval["buyer"] & { postalCode?: string; countryCode?: string } = DEFAULT_APPROVAL.buyer): string {
    const token = `amzn1.buyer.token.${randomBytes(24).toString("base64url")}`;
    this.buyers.set(token, {
      buyerId: buyer.buyerId ?? `amzn1.account.${randomBytes(13).toString("hex").toUpperCase()}`,
      name: buyer.name,
      email: buyer.email,
      phoneNumber: buyer.phoneNumber ?? null,
      postalCode: buyer.postalCode ?? null,
      countryCode: buyer.countryCode ?? null,
    });
    return token;
  }

  getBuyer(token: string): Reply {
    const buyer = this.buyers.get(token);
    return buyer ? { status: 200, body: buyer } : amazonError(400, "InvalidBuyerToken", "The buyer token is invalid or has expired");
  }

  // Internals

  private paymentDetails(input: unknown, current: PaymentDetails): PaymentDetails | Reply {
    if (input === undefined || input === null) return current;
    if (typeof input !== "object") return amazonError(400, "InvalidParameterValue", "paymentDetails must be an object");
    const details = { ...current, ...(input as PaymentDetails) };
    if (details.paymentIntent != null && !PAYMENT_INTENTS.has(details.paymentIntent)) {
      return amazonError(400, "InvalidParameterValue", `paymentIntent ${String(details.paymentIntent)} is not one of ${[...PAYMENT_INTENTS].join(", ")}`);
    }
    if (details.chargeAmount != null && !isPrice(details.chargeAmount)) return amazonError(400, "InvalidParameterValue", "paymentDetails.chargeAmount is not a price");
    return details;
  }

  /** Amazon lists what still stops the buyer from paying; the redirect URL exists only when nothing does. */
  private refreshConstraints(record: SessionRecord) {
    const session = record.session;
    const constraints: Constraint[] = [];
    if (!session.buyer) constraints.push({ constraintId: "BuyerNotAssociated", description: "There is no buyer associated with the Checkout Session. Return the checkout button to the buyer." });
    if (!session.webCheckoutDetails.checkoutResultReturnUrl) constraints.push({ constraintId: "CheckoutResultReturnUrlNotSet", description: "checkoutResultReturnUrl is not set." });
    if (!session.paymentDetails.chargeAmount) constraints.push({ constraintId: "ChargeAmountNotSet", description: "chargeAmount is not set." });
    if (!session.paymentDetails.paymentIntent) constraints.push({ constraintId: "PaymentIntentNotSet", description: "paymentIntent is not set." });
    session.constraints = constraints;
    session.webCheckoutDetails.amazonPayRedirectUrl =
      constraints.length === 0 ? `${this.baseUrl()}/checkout/processing?amazonCheckoutSessionId=${session.checkoutSessionId}` : null;
  }

  private cancel(record: SessionRecord, reasonCode: CheckoutSessionReasonCode) {
    const descriptions: Record<CheckoutSessionReasonCode, string> = {
      BuyerCanceled: "The buyer canceled the checkout.",
      Declined: "The payment was declined.",
      Expired: "The checkout session expired.",
      AmazonCanceled: "Amazon canceled the checkout session.",
    };
    record.session.statusDetails = { state: "Canceled", reasonCode, reasonDescription: descriptions[reasonCode], lastUpdatedTimestamp: amazonTimestamp() };
    record.session.webCheckoutDetails.amazonPayRedirectUrl = null;
    this.notify({ objectType: "CHECKOUT_SESSION", objectId: record.session.checkoutSessionId, chargePermissionId: record.session.chargePermissionId });
  }

  private chargeChanged(charge: Charge) {
    this.notify({ objectType: "CHARGE", objectId: charge.chargeId, chargePermissionId: charge.chargePermissionId });
  }

  private refundChanged(refund: Refund) {
    this.notify({ objectType: "REFUND", objectId: refund.refundId, chargePermissionId: this.charges.get(refund.chargeId)?.chargePermissionId ?? null });
  }

  private notOpen(record: SessionRecord): Reply {
    const { state, reasonCode } = record.session.statusDetails;
    return amazonError(422, "InvalidCheckoutSessionStatus", `You tried to call an operation on a Checkout Session that is in a state where that operation is not allowed (${state}${reasonCode ? `, ${reasonCode}` : ""})`);
  }

  /**
   * What Amazon shows of a session: the buyer's data only while the session is Open or Completed; a
   * Canceled session keeps its state and reason but no personal data.
   */
  private view(record: SessionRecord): CheckoutSession {
    const copy = structuredClone(record.session);
    if (copy.statusDetails.state === "Canceled") {
      copy.buyer = null;
      copy.shippingAddress = null;
      copy.billingAddress = null;
      copy.paymentPreferences = null;
    }
    return copy;
  }

  private newCharge(chargePermissionId: string, amount: Price, softDescriptor: string | null, now: number): Charge {
    this.chargeCounter += 1;
    const charge: Charge = {
      chargeId: `${chargePermissionId}-C${String(this.chargeCounter).padStart(5, "0")}`,
      chargePermissionId,
      chargeAmount: { ...amount },
      captureAmount: null,
      refundedAmount: null,
      softDescriptor,
      statusDetails: { state: "Authorized", reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: amazonTimestamp(now) },
      creationTimestamp: amazonTimestamp(now),
      expirationTimestamp: amazonTimestamp(now + AUTHORIZATION_LIFETIME_MS),
      releaseEnvironment: this.releaseEnvironment,
    };
    this.charges.set(charge.chargeId, charge);
    return charge;
  }

  /** Charges of a session, for tests. */
  chargesOf(chargePermissionId: string): Charge[] {
    return [...this.charges.values()].filter((charge) => charge.chargePermissionId === chargePermissionId);
  }
}

export function unknownSimulation(code: string): Reply {
  return amazonError(400, "InvalidSandboxSimulationSpecified", `The simulation code ${code} is not valid for this operation`);
}
