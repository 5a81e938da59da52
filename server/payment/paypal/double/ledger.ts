import type { Reply } from "../../double-http";
import { randomBytes } from "node:crypto";
import { amountProblems, fromMinor, toMinor, type Money } from "./amounts";
import { issueError, paypalError, type Operation, type PayPalError } from "./errors";

/*
 * The double's state and PayPal's rules for orders, captures, authorizations and refunds, free of HTTP:
 * each operation takes what the shop sent and returns the status and body PayPal would answer.
 */

export type { Reply };

/** A buyer in PayPal's shapes (`payer` of an order). */
export interface DoublePayer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { address_line_1: string; address_line_2?: string; admin_area_2: string; admin_area_1?: string; postal_code: string; country_code: string };
  phone?: { phone_type?: string; phone_number: { country_code: string; national_number: string } };
}

export const DEFAULT_PAYER: DoublePayer = {
  name: { given_name: "Erika", surname: "Mustermann" },
  email_address: "buyer@example.com",
  payer_id: "ERKAM2STERMNN",
  address: { address_line_1: "Heidestraße 17", admin_area_2: "Berlin", postal_code: "10557", country_code: "DE" },
  phone: { phone_type: "MOBILE", phone_number: { country_code: "49", national_number: "15123456789" } },
};

/** The merchant the double's orders are paid to. */
const PAYEE = { email_address: "merchant@example.com", merchant_id: "7TESTDBLMERCH" };

export const OPERATIONS = {
  create: { document: "orders" },
  get: { document: "orders" },
  patch: { document: "orders", name: "orders.patch" },
  confirm: { document: "orders", name: "orders.confirm" },
  authorize: { document: "orders", name: "orders.authorize" },
  capture: { document: "orders", name: "orders.capture" },
  payments: { document: "payments" },
  authorizationCapture: { document: "payments", name: "authorizations.capture" },
  authorizationVoid: { document: "payments", name: "authorizations.void" },
  refund: { document: "payments", name: "captures.refund" },
} satisfies Record<string, Operation>;

type Json = Record<string, unknown>;
type OrderStatus = "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED" | "PENDING_APPROVAL";
export type FundingSource = "paypal" | "paylater" | "venmo" | "sepa" | "card" | "google_pay" | "apple_pay";

interface OrderRecord {
  id: string;
  intent: "CAPTURE" | "AUTHORIZE";
  status: OrderStatus;
  units: Json[];
  paymentSource?: Json;
  payer?: Json;
  fundingSource?: FundingSource;
  /** Approved, but the instrument fails when captured or authorized. */
  declined: boolean;
  processingInstruction?: string;
  returnUrl?: string;
  cancelUrl?: string;
  createTime: string;
  updateTime: string;
}

interface CaptureRecord {
  json: Json;
  orderId: string;
  minor: number;
  refunded: number;
  currency: string;
}

interface AuthorizationRecord {
  json: Json;
  orderId: string;
  minor: number;
  captured: number;
  currency: string;
}

export function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** PayPal's resource ids: 17 characters of digits and capital letters. */
export function paypalId(length = 17): string {
  const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXY";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` when it is a JSON object, else an empty one. */
function objectOr(value: unknown): Json {
  return isObject(value) ? value : {};
}

function fail(error: PayPalError): Reply {
  return { status: error.status, body: error.body };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** The brand as PayPal names it (card_brand), or undefined when the double does not know the range. */
function cardBrand(number: string): string | undefined {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^6(011|5)/.test(number)) return "DISCOVER";
  return undefined;
}

/** The card numbers the double knows: PayPal's sandbox test card that declines, everything else that passes Luhn approves. */
export const DECLINED_CARD = "4000000000000002";

/** The buyer's date of birth for which the double's Ratepay rejects an invoice purchase (the order is voided). */
export const RATEPAY_REJECTED_BIRTH_DATE = "1911-11-11";

export interface CardInput {
  number: string;
  /** `YYYY-MM` (PayPal) or `MM/YY` (what a buyer types). */
  expiry: string;
  securityCode?: string;
  name?: string;
}

/** Problems with a card as the buyer typed it; empty when it can be charged. */
export function cardProblems(card: CardInput, today = new Date()): string[] {
  const problems: string[] = [];
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^[0-9]{13,19}$/.test(number) || !luhn(number)) problems.push("INVALID_NUMBER");
  const expiry = parseExpiry(card.expiry);
  if (!expiry || expiry.year * 12 + expiry.month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) problems.push("INVALID_EXPIRY");
  if (card.securityCode !== undefined && !/^[0-9]{3,4}$/.test(card.securityCode)) problems.push("INVALID_CVV");
  if (card.name !== undefined && card.name.trim() === "") problems.push("INVALID_NAME");
  return problems;
}

export function parseExpiry(expiry: string): { year: number; month: number } | null {
  const paypal = /^(\d{4})-(\d{2})$/.exec(expiry);
  const typed = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  const [year, month] = paypal ? [Number(paypal[1]), Number(paypal[2])] : typed ? [Number(typed[2]!.length === 2 ? `20${typed[2]}` : typed[2]), Number(typed[1])] : [0, 0];
  return month >= 1 && month <= 12 ? { year, month } : null;
}

function cardResponse(card: CardInput): Json {
  const number = card.number.replace(/[\s-]/g, "");
  const expiry = parseExpiry(card.expiry)!;
  return {
    ...(card.name ? { name: card.name } : {}),
    last_digits: number.slice(-4),
    ...(cardBrand(number) ? { brand: cardBrand(number) } : {}),
    type: "CREDIT",
    expiry: `${expiry.year}-${String(expiry.month).padStart(2, "0")}`,
    authentication_result: { liability_shift: "POSSIBLE", three_d_secure: { enrollment_status: "Y", authentication_status: "Y" } },
  };
}

export class Ledger {
  readonly orders = new Map<string, OrderRecord>();
  private readonly captures = new Map<string, CaptureRecord>();
  private readonly authorizations = new Map<string, AuthorizationRecord>();
  private readonly refunds = new Map<string, Json>();
  /** invoice_id → the order that completed with it. */
  private readonly usedInvoices = new Map<string, string>();

  constructor(private readonly baseUrl: () => string) {}

  // ---- Orders v2 ----

  createOrder(body: unknown, headers: { prefer?: string; requestId?: string; clientMetadataId?: string }): Reply {
    const op = OPERATIONS.create;
    if (!isObject(body)) return fail(paypalError(op, 400, [{ issue: "MALFORMED_REQUEST_JSON", location: "body" }]));
    const intent = body.intent;
    if (intent === undefined) return fail(paypalError(op, 400, [{ issue: "MISSING_REQUIRED_PARAMETER", field: "/intent", location: "body" }]));
    if (intent !== "CAPTURE" && intent !== "AUTHORIZE") {
      return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_VALUE", field: "/intent", value: String(intent), location: "body" }]));
    }
    const units = body.purchase_units;
    if (units === undefined) return fail(paypalError(op, 400, [{ issue: "MISSING_REQUIRED_PARAMETER", field: "/purchase_units", location: "body" }]));
    if (!Array.isArray(units) || units.length === 0) return fail(paypalError(op, 400, [{ issue: "INVALID_ARRAY_MIN_ITEMS", field: "/purchase_units", location: "body" }]));
    if (units.length > 10) return fail(paypalError(op, 400, [{ issue: "INVALID_ARRAY_MAX_ITEMS", field: "/purchase_units", location: "body" }]));
    const references = new Set<string>();
    for (const [index, unit] of units.entries()) {
      const pointer = `/purchase_units/${index}`;
      if (!isObject(unit)) return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_SYNTAX", field: pointer, location: "body" }]));
      if (units.length > 1) {
        if (typeof unit.reference_id !== "string") return fail(paypalError(op, 422, [{ issue: "REFERENCE_ID_REQUIRED", field: `${pointer}/reference_id`, location: "body" }]));
        if (references.has(unit.reference_id)) return fail(paypalError(op, 422, [{ issue: "DUPLICATE_REFERENCE_ID", field: `${pointer}/reference_id`, location: "body" }]));
        references.add(unit.reference_id);
      }
      const problem = amountProblems(unit, pointer);
      if (problem) return fail(paypalError(op, problem.status, [problem.detail]));
      for (const key of ["invoice_id", "custom_id"]) {
        if (unit[key] !== undefined && (typeof unit[key] !== "string" || unit[key].length > 127)) {
          return fail(paypalError(op, 400, [{ issue: "INVALID_STRING_LENGTH", field: `${pointer}/${key}`, location: "body" }]));
        }
      }
    }
    const currencies = new Set(units.map((unit: Json) => (unit.amount as Money).currency_code));
    if (currencies.size > 1) return fail(paypalError(op, 422, [{ issue: "MULTI_CURRENCY_ORDER", field: "/purchase_units", location: "body" }]));

    const time = now();
    const order: OrderRecord = {
      id: paypalId(),
      intent,
      status: "CREATED",
      units: units.map((unit: Json) => ({ reference_id: "default", ...structuredClone(unit), payee: { ...PAYEE, ...(objectOr(unit.payee)) } })),
      declined: false,
      createTime: time,
      updateTime: time,
    };
    if (typeof body.processing_instruction === "string") order.processingInstruction = body.processing_instruction;
    const legacyContext = objectOr(body.application_context);
    order.returnUrl = typeof legacyContext.return_url === "string" ? legacyContext.return_url : undefined;
    order.cancelUrl = typeof legacyContext.cancel_url === "string" ? legacyContext.cancel_url : undefined;

    const source = isObject(body.payment_source) ? body.payment_source : undefined;
    if (source && isObject(source.pay_upon_invoice)) {
      const problem = this.puiProblem(body, source.pay_upon_invoice, headers);
      if (problem) return fail(problem);
      const { experience_context: _context, ...pui } = source.pay_upon_invoice;
      order.paymentSource = { pay_upon_invoice: pui };
      // PayPal's Pay upon Invoice guide: the order waits for Ratepay's decision (`PENDING_APPROVAL`), then
      // completes by itself; the published enum (order_status) does not list that state.
      order.status = "PENDING_APPROVAL";
    } else if (source && isObject(source.card)) {
      const card = source.card;
      const input: CardInput = { number: String(card.number ?? ""), expiry: String(card.expiry ?? ""), securityCode: card.security_code as string | undefined, name: card.name as string | undefined };
      const problems = cardProblems(input);
      if (problems.length > 0) return fail(paypalError(op, 422, [{ issue: problems.includes("INVALID_EXPIRY") ? "CARD_EXPIRED" : "INVALID_PARAMETER_VALUE", field: "/payment_source/card", location: "body" }]));
      order.paymentSource = { card: cardResponse(input) };
      order.fundingSource = "card";
      order.declined = input.number.replace(/\D/g, "") === DECLINED_CARD;
      order.status = "APPROVED";
    } else if (source && isObject(source.paypal)) {
      const context = objectOr(source.paypal.experience_context);
      if (typeof context.return_url === "string") order.returnUrl = context.return_url;
      if (typeof context.cancel_url === "string") order.cancelUrl = context.cancel_url;
      order.paymentSource = { paypal: {} };
      order.status = "PAYER_ACTION_REQUIRED";
    }
    this.orders.set(order.id, order);
    const representation = headers.prefer?.includes("return=representation");
    return { status: 201, body: representation ? this.orderJson(order) : this.minimal(order) };
  }

  private puiProblem(body: Json, pui: Json, headers: { requestId?: string; clientMetadataId?: string }): PayPalError | null {
    const op = OPERATIONS.create;
    // PayPal's Pay upon Invoice guide makes both headers required: the request id for idempotency, the
    // client metadata id for the FraudNet session that Ratepay checks.
    if (!headers.requestId) return paypalError(op, 400, [{ issue: "PAYPAL_REQUEST_ID_REQUIRED", field: "PayPal-Request-Id" }]);
    if (!headers.clientMetadataId) return paypalError(op, 400, [{ issue: "MISSING_REQUIRED_PARAMETER", field: "PayPal-Client-Metadata-Id" }]);
    if (body.intent !== "CAPTURE") return paypalError(op, 422, [{ issue: "UNSUPPORTED_INTENT", field: "/intent", location: "body" }]);
    if (body.processing_instruction !== "ORDER_COMPLETE_ON_PAYMENT_APPROVAL") {
      return paypalError(op, 422, [{ issue: "UNSUPPORTED_PROCESSING_INSTRUCTION", field: "/processing_instruction", location: "body" }]);
    }
    const name = objectOr(pui.name);
    const phone = objectOr(pui.phone);
    const address = isObject(pui.billing_address) ? pui.billing_address : undefined;
    const required: [string, unknown][] = [
      ["name/given_name", name.given_name],
      ["name/surname", name.surname],
      ["email", pui.email],
      ["birth_date", pui.birth_date],
      ["phone/national_number", phone.national_number],
      ["billing_address", address],
    ];
    for (const [field, value] of required) {
      if (typeof value !== "string" && !isObject(value)) {
        return paypalError(op, 400, [{ issue: "MISSING_REQUIRED_PARAMETER", field: `/payment_source/pay_upon_invoice/${field}`, location: "body" }]);
      }
    }
    if (address?.country_code !== "DE") {
      return paypalError(op, 422, [{ issue: "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED", field: "/payment_source/pay_upon_invoice/billing_address/country_code", location: "body" }]);
    }
    return null;
  }

  getOrder(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    return { status: 200, body: this.orderJson(order) };
  }

  patchOrder(id: string, body: unknown): Reply {
    const op = OPERATIONS.patch;
    const order = this.orders.get(id);
    if (!order) return this.notFound(op);
    if (!Array.isArray(body)) return fail(paypalError(op, 400, [{ issue: "MALFORMED_REQUEST_JSON", location: "body" }]));
    if (order.status === "COMPLETED" || order.status === "VOIDED") return fail(paypalError(op, 422, [{ issue: "ORDER_ALREADY_COMPLETED" }]));
    const units = structuredClone(order.units);
    let intent = order.intent;
    for (const [index, patch] of body.entries()) {
      const field = `/${index}`;
      if (!isObject(patch)) return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_SYNTAX", field, location: "body" }]));
      if (patch.op !== "add" && patch.op !== "replace" && patch.op !== "remove") {
        return fail(paypalError(op, 400, [{ issue: "INVALID_PATCH_OPERATION", field: `${field}/op`, value: String(patch.op), location: "body" }]));
      }
      if (typeof patch.path !== "string") return fail(paypalError(op, 422, [{ issue: "PATCH_PATH_REQUIRED", field: `${field}/path`, location: "body" }]));
      if (patch.op !== "remove" && patch.value === undefined) return fail(paypalError(op, 422, [{ issue: "PATCH_VALUE_REQUIRED", field: `${field}/value`, location: "body" }]));
      if (patch.path === "/intent") {
        const value = patch.value;
        if (value !== "CAPTURE" && value !== "AUTHORIZE") return fail(paypalError(op, 422, [{ issue: "UNSUPPORTED_INTENT", field: `${field}/value`, location: "body" }]));
        intent = value;
        continue;
      }
      const match = /^\/purchase_units\/@reference_id=='([^']*)'(?:\/(.+))?$/.exec(patch.path);
      if (!match) return fail(paypalError(op, 422, [{ issue: "INVALID_JSON_POINTER_FORMAT", field: `${field}/path`, value: patch.path, location: "body" }]));
      const reference = match[1]!;
      const property = match[2];
      const unitIndex = units.findIndex((unit) => unit.reference_id === reference);
      if (property === undefined) {
        // The whole purchase unit: add a new one, replace or remove an existing one.
        if (patch.op === "add") {
          if (unitIndex >= 0 || !isObject(patch.value)) return fail(paypalError(op, 422, [{ issue: "INVALID_PARAMETER", field: `${field}/value`, location: "body" }]));
          units.push({ ...patch.value, reference_id: reference, payee: PAYEE });
        } else if (unitIndex < 0) {
          return fail(paypalError(op, 422, [{ issue: "REFERENCE_ID_NOT_FOUND", field: `${field}/path`, value: patch.path, location: "body" }]));
        } else if (patch.op === "remove") {
          units.splice(unitIndex, 1);
        } else {
          if (!isObject(patch.value)) return fail(paypalError(op, 422, [{ issue: "INVALID_PARAMETER", field: `${field}/value`, location: "body" }]));
          units[unitIndex] = { ...patch.value, reference_id: reference, payee: units[unitIndex]!.payee };
        }
        continue;
      }
      if (unitIndex < 0) return fail(paypalError(op, 422, [{ issue: "REFERENCE_ID_NOT_FOUND", field: `${field}/path`, value: patch.path, location: "body" }]));
      const patchable = ["amount", "invoice_id", "custom_id", "description", "soft_descriptor", "items", "payee/email_address", "shipping/name", "shipping/address", "shipping/options", "shipping/type", "supplementary_data"];
      if (!patchable.includes(property)) return fail(paypalError(op, 422, [{ issue: "NOT_PATCHABLE", field: `${field}/path`, value: patch.path, location: "body" }]));
      const unit = units[unitIndex]!;
      const [head, tail] = property.split("/") as [string, string | undefined];
      const parent: Json = tail === undefined ? unit : isObject(unit[head]) ? (unit[head] as Json) : (unit[head] = {});
      const key = tail ?? head;
      if (patch.op === "remove") delete parent[key];
      else if (patch.op === "replace" && parent[key] === undefined && key !== "invoice_id" && key !== "custom_id") {
        return fail(paypalError(op, 422, [{ issue: "INVALID_PARAMETER", field: `${field}/path`, value: patch.path, location: "body" }]));
      } else parent[key] = structuredClone(patch.value);
    }
    for (const unit of units) {
      const problem = amountProblems(unit, `/purchase_units/@reference_id=='${String(unit.reference_id)}'`);
      // A patch reports shape problems as 422 INVALID_PARAMETER (orders.patch-422), not as a 400.
      if (problem) return fail(paypalError(op, 422, [{ ...problem.detail, issue: problem.status === 400 ? "INVALID_PARAMETER" : problem.detail.issue }]));
    }
    order.units = units;
    order.intent = intent;
    order.updateTime = now();
    return { status: 204 };
  }

  confirmPaymentSource(id: string, body: unknown, prefer?: string): Reply {
    const op = OPERATIONS.confirm;
    const order = this.orders.get(id);
    if (!order) return this.notFound(op);
    if (!isObject(body) || !isObject(body.payment_source)) return fail(paypalError(op, 400, [{ issue: "MISSING_REQUIRED_PARAMETER", field: "/payment_source", location: "body" }]));
    if (order.status === "COMPLETED") return fail(paypalError(op, 422, [{ issue: order.intent === "CAPTURE" ? "ORDER_ALREADY_CAPTURED" : "ORDER_ALREADY_AUTHORIZED" }]));
    if (order.status === "APPROVED") return fail(paypalError(op, 422, [{ issue: "PAYMENT_ALREADY_APPROVED" }]));
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") return fail(paypalError(op, 422, [{ issue: "ORDER_CANNOT_BE_CONFIRMED" }]));
    const source = body.payment_source;
    const kinds = Object.keys(source);
    if (kinds.length !== 1) return fail(paypalError(op, 422, [{ issue: kinds.length === 0 ? "NO_PAYMENT_SOURCE_PROVIDED" : "ONLY_ONE_PAYMENT_SOURCE_ALLOWED", field: "/payment_source", location: "body" }]));
    const kind = kinds[0]!;
    const value = objectOr(source[kind]);
    if (kind === "card") {
      const input: CardInput = { number: String(value.number ?? ""), expiry: String(value.expiry ?? ""), securityCode: value.security_code as string | undefined, name: value.name as string | undefined };
      const problems = cardProblems(input);
      if (problems.includes("INVALID_EXPIRY")) return fail(paypalError(op, 422, [{ issue: "CARD_EXPIRED", field: "/payment_source/card/expiry", location: "body" }]));
      if (problems.length > 0) return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_VALUE", field: "/payment_source/card/number", location: "body" }]));
      this.approveWithCard(order, input);
    } else if (kind === "google_pay" || kind === "apple_pay") {
      this.approveWithWallet(order, kind);
    } else if (kind === "paypal" || kind === "venmo") {
      const context = objectOr(value.experience_context);
      if (typeof context.return_url === "string") order.returnUrl = context.return_url;
      if (typeof context.cancel_url === "string") order.cancelUrl = context.cancel_url;
      order.paymentSource = { [kind]: {} };
      order.status = "PAYER_ACTION_REQUIRED";
      order.updateTime = now();
    } else {
      return fail(paypalError(op, 422, [{ issue: "PAYMENT_SOURCE_CANNOT_BE_USED", field: `/payment_source/${kind}`, location: "body" }]));
    }
    return { status: 200, body: prefer?.includes("return=minimal") ? this.minimal(order) : this.orderJson(order) };
  }

  captureOrder(id: string, prefer?: string): Reply {
    return this.settleOrder(id, "CAPTURE", prefer);
  }

  authorizeOrder(id: string, prefer?: string): Reply {
    return this.settleOrder(id, "AUTHORIZE", prefer);
  }

  private settleOrder(id: string, action: "CAPTURE" | "AUTHORIZE", prefer?: string): Reply {
    const op = action === "CAPTURE" ? OPERATIONS.capture : OPERATIONS.authorize;
    const order = this.orders.get(id);
    if (!order) return this.notFound(op);
    if (order.status === "COMPLETED") {
      return fail(paypalError(op, 422, [{ issue: order.intent === "CAPTURE" ? "ORDER_ALREADY_CAPTURED" : "ORDER_ALREADY_AUTHORIZED" }]));
    }
    if (order.status === "VOIDED") return fail(paypalError(op, 422, [{ issue: action === "AUTHORIZE" ? "ORDER_COMPLETED_OR_VOIDED" : "ORDER_NOT_APPROVED" }]));
    if (order.status !== "APPROVED") {
      const issue = order.status === "PAYER_ACTION_REQUIRED" ? "PAYER_ACTION_REQUIRED" : "ORDER_NOT_APPROVED";
      return fail(withLinks(paypalError(op, 422, [{ issue }]), this.approveLink(order)));
    }
    if (order.intent !== action) return fail(paypalError(op, 422, [{ issue: action === "AUTHORIZE" ? "ACTION_DOES_NOT_MATCH_INTENT" : "AUTH_CAPTURE_NOT_ENABLED" }]));
    if (order.declined) {
      // The sandbox answers this with a link that sends the buyer back to choose another funding source.
      return fail(withLinks(paypalError(op, 422, [{ issue: "INSTRUMENT_DECLINED" }]), { href: this.approveUrl(order), rel: "redirect", method: "GET" }));
    }
    const duplicate = order.units.find((unit) => typeof unit.invoice_id === "string" && this.usedInvoices.has(unit.invoice_id) && this.usedInvoices.get(unit.invoice_id) !== order.id);
    if (duplicate) return fail(paypalError(op, 422, [{ issue: "DUPLICATE_INVOICE_ID" }]));

    const time = now();
    for (const unit of order.units) {
      if (typeof unit.invoice_id === "string") this.usedInvoices.set(unit.invoice_id, order.id);
      const amount = unit.amount as Money;
      const money = { currency_code: amount.currency_code, value: amount.value };
      const common = {
        amount: money,
        ...(typeof unit.invoice_id === "string" ? { invoice_id: unit.invoice_id } : {}),
        ...(typeof unit.custom_id === "string" ? { custom_id: unit.custom_id } : {}),
        seller_protection: this.sellerProtection(order),
        create_time: time,
        update_time: time,
      };
      if (action === "CAPTURE") unit.payments = { captures: [this.newCapture(order, common)] };
      else unit.payments = { authorizations: [this.newAuthorization(order, common)] };
    }
    order.status = "COMPLETED";
    order.updateTime = time;
    return { status: 201, body: prefer?.includes("return=minimal") ? this.minimal(order) : this.orderJson(order) };
  }

  private sellerProtection(order: OrderRecord): Json {
    return order.paymentSource?.paypal !== undefined || order.paymentSource?.venmo !== undefined
      ? { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] }
      : { status: "NOT_ELIGIBLE" };
  }

  private newCapture(order: OrderRecord, common: Json & { amount: Money }): Json {
    const id = paypalId();
    const minor = toMinor(common.amount)!;
    const fee = Math.min(minor, Math.round(minor * 0.0249) + 35);
    const currency = common.amount.currency_code;
    const capture: Json = {
      id,
      status: "COMPLETED",
      ...common,
      final_capture: true,
      disbursement_mode: "INSTANT",
      seller_receivable_breakdown: { gross_amount: common.amount, paypal_fee: fromMinor(fee, currency), net_amount: fromMinor(minor - fee, currency) },
      ...(order.paymentSource?.card || order.paymentSource?.google_pay || order.paymentSource?.apple_pay ? { processor_response: { avs_code: "A", cvv_code: "M", response_code: "0000" } } : {}),
      links: this.captureLinks(id, order.id),
    };
    this.captures.set(id, { json: capture, orderId: order.id, minor, refunded: 0, currency });
    return capture;
  }

  private captureLinks(id: string, orderId: string): Json[] {
    const base = this.baseUrl();
    return [
      { href: `${base}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
      { href: `${base}/v2/checkout/orders/${orderId}`, rel: "up", method: "GET" },
    ];
  }

  private newAuthorization(order: OrderRecord, common: Json & { amount: Money }): Json {
    const id = paypalId();
    const base = this.baseUrl();
    const expiration = new Date(Date.now() + 29 * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const authorization: Json = {
      id,
      status: "CREATED",
      ...common,
      expiration_time: expiration,
      links: [
        { href: `${base}/v2/payments/authorizations/${id}`, rel: "self", method: "GET" },
        { href: `${base}/v2/payments/authorizations/${id}/capture`, rel: "capture", method: "POST" },
        { href: `${base}/v2/payments/authorizations/${id}/void`, rel: "void", method: "POST" },
        { href: `${base}/v2/payments/authorizations/${id}/reauthorize`, rel: "reauthorize", method: "POST" },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
      ],
    };
    this.authorizations.set(id, { json: authorization, orderId: order.id, minor: toMinor(common.amount)!, captured: 0, currency: common.amount.currency_code });
    return authorization;
  }

  // ---- Payments v2 ----

  getAuthorization(id: string): Reply {
    const record = this.authorizations.get(id);
    return record ? { status: 200, body: record.json } : this.notFound(OPERATIONS.payments);
  }

  captureAuthorization(id: string, body: unknown, prefer?: string): Reply {
    const op = OPERATIONS.authorizationCapture;
    const record = this.authorizations.get(id);
    if (!record) return this.notFound(op);
    const request = objectOr(body);
    if (record.json.status === "VOIDED") return fail(paypalError(op, 422, [{ issue: "AUTHORIZATION_VOIDED" }]));
    if (record.json.status === "CAPTURED") return fail(paypalError(op, 422, [{ issue: "AUTHORIZATION_ALREADY_CAPTURED" }]));
    let minor = record.minor - record.captured;
    if (request.amount !== undefined) {
      const amount = request.amount as Money;
      if (!isObject(amount) || typeof amount.value !== "string") return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_SYNTAX", field: "/amount", location: "body" }]));
      if (amount.currency_code !== record.currency) return fail(paypalError(op, 422, [{ issue: "AUTH_CAPTURE_CURRENCY_MISMATCH", field: "/amount/currency_code", location: "body" }]));
      const requested = toMinor(amount);
      if (requested === null) return fail(paypalError(op, 422, [{ issue: "DECIMAL_PRECISION", field: "/amount/value", location: "body" }]));
      if (requested === 0) return fail(paypalError(op, 422, [{ issue: "CANNOT_BE_ZERO_OR_NEGATIVE", field: "/amount/value", location: "body" }]));
      if (requested > minor) return fail(paypalError(op, 422, [{ issue: "MAX_CAPTURE_AMOUNT_EXCEEDED", field: "/amount/value", location: "body" }]));
      minor = requested;
    }
    const invoiceId = typeof request.invoice_id === "string" ? request.invoice_id : (record.json.invoice_id as string | undefined);
    if (invoiceId && this.usedInvoices.has(invoiceId) && this.usedInvoices.get(invoiceId) !== record.orderId) {
      return fail(paypalError(op, 422, [{ issue: "DUPLICATE_INVOICE_ID", field: "/invoice_id", location: "body" }]));
    }
    const order = this.orders.get(record.orderId)!;
    const finalCapture = request.final_capture !== false;
    const time = now();
    const capture = this.newCapture(order, {
      amount: fromMinor(minor, record.currency),
      ...(invoiceId ? { invoice_id: invoiceId } : {}),
      ...(typeof record.json.custom_id === "string" ? { custom_id: record.json.custom_id } : {}),
      seller_protection: this.sellerProtection(order),
      create_time: time,
      update_time: time,
    });
    capture.final_capture = finalCapture;
    record.captured += minor;
    record.json.status = finalCapture || record.captured >= record.minor ? "CAPTURED" : "PARTIALLY_CAPTURED";
    record.json.update_time = time;
    const unit = order.units.find((candidate) => (candidate.payments as Json | undefined)?.authorizations !== undefined && ((candidate.payments as Json).authorizations as Json[]).includes(record.json));
    if (unit) {
      const payments = unit.payments as Json;
      payments.captures = [...((payments.captures as Json[] | undefined) ?? []), capture];
    }
    return { status: 201, body: prefer?.includes("return=representation") ? capture : { id: capture.id, status: capture.status, links: capture.links } };
  }

  voidAuthorization(id: string, prefer?: string): Reply {
    const op = OPERATIONS.authorizationVoid;
    const record = this.authorizations.get(id);
    if (!record) return this.notFound(op);
    if (record.json.status === "VOIDED") return fail(paypalError(op, 422, [{ issue: "PREVIOUSLY_VOIDED" }]));
    if (record.json.status === "CAPTURED" || record.json.status === "PARTIALLY_CAPTURED") return fail(paypalError(op, 422, [{ issue: "PREVIOUSLY_CAPTURED" }]));
    record.json.status = "VOIDED";
    record.json.update_time = now();
    return prefer?.includes("return=representation") ? { status: 200, body: record.json } : { status: 204 };
  }

  getCapture(id: string): Reply {
    const record = this.captures.get(id);
    return record ? { status: 200, body: record.json } : this.notFound(OPERATIONS.payments);
  }

  getRefund(id: string): Reply {
    const refund = this.refunds.get(id);
    return refund ? { status: 200, body: refund } : this.notFound(OPERATIONS.payments);
  }

  refundCapture(id: string, body: unknown, prefer?: string): Reply {
    const op = OPERATIONS.refund;
    const record = this.captures.get(id);
    if (!record) return this.notFound(op);
    const request = objectOr(body);
    const remaining = record.minor - record.refunded;
    if (remaining <= 0) return fail(paypalError(op, 422, [{ issue: "CAPTURE_FULLY_REFUNDED" }]));
    let minor = remaining;
    if (request.amount !== undefined) {
      const amount = request.amount as Money;
      if (!isObject(amount) || typeof amount.value !== "string" || typeof amount.currency_code !== "string") {
        return fail(paypalError(op, 400, [{ issue: "INVALID_PARAMETER_SYNTAX", field: "/amount", location: "body" }]));
      }
      if (amount.currency_code !== record.currency) return fail(paypalError(op, 422, [{ issue: "REFUND_CAPTURE_CURRENCY_MISMATCH", field: "/amount/currency_code", location: "body" }]));
      const requested = toMinor(amount);
      if (requested === null) return fail(paypalError(op, 422, [{ issue: amount.value.startsWith("-") ? "CANNOT_BE_NEGATIVE" : "DECIMAL_PRECISION", field: "/amount/value", location: "body" }]));
      if (requested === 0) return fail(paypalError(op, 422, [{ issue: "CANNOT_BE_ZERO_OR_NEGATIVE", field: "/amount/value", location: "body" }]));
      if (requested > remaining) return fail(paypalError(op, 422, [{ issue: "REFUND_AMOUNT_EXCEEDED", field: "/amount/value", location: "body" }]));
      minor = requested;
    }
    const refundId = paypalId();
    const base = this.baseUrl();
    const time = now();
    const money = fromMinor(minor, record.currency);
    const refund: Json = {
      id: refundId,
      status: "COMPLETED",
      amount: money,
      ...(typeof request.invoice_id === "string" ? { invoice_id: request.invoice_id } : {}),
      ...(typeof request.custom_id === "string" ? { custom_id: request.custom_id } : {}),
      ...(typeof request.note_to_payer === "string" ? { note_to_payer: request.note_to_payer } : {}),
      seller_payable_breakdown: { gross_amount: money, paypal_fee: fromMinor(0, record.currency), net_amount: money, total_refunded_amount: fromMinor(record.refunded + minor, record.currency) },
      create_time: time,
      update_time: time,
      links: [
        { href: `${base}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
        { href: `${base}/v2/payments/captures/${id}`, rel: "up", method: "GET" },
      ],
    };
    this.refunds.set(refundId, refund);
    record.refunded += minor;
    record.json.status = record.refunded >= record.minor ? "REFUNDED" : "PARTIALLY_REFUNDED";
    record.json.update_time = time;
    const order = this.orders.get(record.orderId);
    const unit = order?.units.find((candidate) => ((candidate.payments as Json | undefined)?.captures as Json[] | undefined)?.includes(record.json));
    if (unit) {
      const payments = unit.payments as Json;
      payments.refunds = [...((payments.refunds as Json[] | undefined) ?? []), refund];
    }
    return { status: 201, body: prefer?.includes("return=representation") ? refund : { id: refundId, status: refund.status, links: refund.links } };
  }

  // ---- The buyer's side and test control ----

  approve(id: string, options: { payer?: Partial<DoublePayer>; fundingSource?: FundingSource; declined?: boolean } = {}): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") return fail(paypalError(OPERATIONS.confirm, 422, [{ issue: "ORDER_CANNOT_BE_CONFIRMED" }]));
    const payer: DoublePayer = { ...DEFAULT_PAYER, ...options.payer };
    const fundingSource = options.fundingSource ?? "paypal";
    const fullName = `${payer.name.given_name} ${payer.name.surname}`;
    order.payer = { name: payer.name, email_address: payer.email_address, payer_id: payer.payer_id, address: { country_code: payer.address.country_code }, ...(payer.phone ? { phone: payer.phone } : {}) };
    const wallet: Json = {
      email_address: payer.email_address,
      account_id: payer.payer_id,
      ...(fundingSource === "venmo" ? { user_name: `${payer.name.given_name}-${payer.name.surname}`.replace(/[^-a-zA-Z0-9_]/g, "") } : { account_status: "VERIFIED" }),
      name: payer.name,
      address: payer.address,
    };
    // Pay Later and SEPA are funding sources of the PayPal wallet: PayPal reports them as `paypal`.
    order.paymentSource = { [fundingSource === "venmo" ? "venmo" : "paypal"]: wallet };
    order.fundingSource = fundingSource;
    for (const unit of order.units) {
      if (!isObject(unit.shipping) || !isObject(unit.shipping.address)) {
        unit.shipping = { ...(objectOr(unit.shipping)), name: { full_name: fullName }, address: payer.address };
      }
    }
    order.declined = options.declined ?? false;
    order.status = "APPROVED";
    order.updateTime = now();
    return { status: 200, body: this.orderJson(order) };
  }

  approveWithCardInput(id: string, card: CardInput): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") return fail(paypalError(OPERATIONS.confirm, 422, [{ issue: "ORDER_CANNOT_BE_CONFIRMED" }]));
    const problems = cardProblems(card);
    if (problems.length > 0) {
      return fail(paypalError(OPERATIONS.confirm, 422, problems.map((problem) => ({ issue: problem === "INVALID_EXPIRY" ? "CARD_EXPIRED" : "INCOMPATIBLE_PARAMETER_VALUE", value: problem }))));
    }
    this.approveWithCard(order, card);
    return { status: 200, body: this.orderJson(order) };
  }

  private approveWithCard(order: OrderRecord, card: CardInput) {
    order.paymentSource = { card: cardResponse(card) };
    order.fundingSource = "card";
    order.declined = card.number.replace(/\D/g, "") === DECLINED_CARD;
    order.status = "APPROVED";
    order.updateTime = now();
  }

  approveWithWallet(id: string | OrderRecord, kind: "google_pay" | "apple_pay"): Reply {
    const order = typeof id === "string" ? this.orders.get(id) : id;
    if (!order) return this.notFound(OPERATIONS.get);
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") return fail(paypalError(OPERATIONS.confirm, 422, [{ issue: "ORDER_CANNOT_BE_CONFIRMED" }]));
    const payer = DEFAULT_PAYER;
    order.paymentSource = {
      [kind]: {
        name: `${payer.name.given_name} ${payer.name.surname}`,
        email_address: payer.email_address,
        card: { name: `${payer.name.given_name} ${payer.name.surname}`, last_digits: "1111", type: "CREDIT", brand: "VISA", authentication_result: { liability_shift: "POSSIBLE", three_d_secure: { enrollment_status: "Y", authentication_status: "Y" } } },
      },
    };
    order.fundingSource = kind;
    order.declined = false;
    order.status = "APPROVED";
    order.updateTime = now();
    return { status: 200, body: this.orderJson(order) };
  }

  /** Ratepay accepted the invoice purchase: the order completes with a capture and the bank details to pay to. */
  completePui(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    const pui = order.paymentSource?.pay_upon_invoice as Json | undefined;
    if (!pui || order.status !== "PENDING_APPROVAL") return fail(paypalError(OPERATIONS.capture, 422, [{ issue: "ORDER_NOT_APPROVED" }]));
    pui.payment_reference = paypalId(20);
    pui.deposit_bank_details = { bic: "DEUTDEFFXXX", bank_name: "Deutsche Bank", iban: "DE89370400440532013000", account_holder_name: "PayPal - Ratepay GmbH - Test Bank Account" };
    order.status = "APPROVED";
    const reply = this.captureOrder(id);
    return reply.status === 201 ? { status: 200, body: this.orderJson(order) } : reply;
  }

  /** Ratepay's decision on an invoice purchase waiting for it: accepted, or rejected for the test birthday. */
  decidePui(id: string): Reply {
    const pui = this.orders.get(id)?.paymentSource?.pay_upon_invoice as Json | undefined;
    return pui?.birth_date === RATEPAY_REJECTED_BIRTH_DATE ? this.voidOrder(id) : this.completePui(id);
  }

  voidOrder(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    order.status = "VOIDED";
    order.updateTime = now();
    return { status: 200, body: this.orderJson(order) };
  }

  /** What the approval dialog shows: the order's total. */
  buyerView(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return this.notFound(OPERATIONS.get);
    const amounts = order.units.map((unit) => unit.amount as Money);
    const currency = amounts[0]!.currency_code;
    const total = amounts.reduce((sum, amount) => sum + (toMinor(amount) ?? 0), 0);
    return { status: 200, body: { id: order.id, status: order.status, intent: order.intent, amount: fromMinor(total, currency), returnUrl: order.returnUrl, cancelUrl: order.cancelUrl } };
  }

  // ---- Shapes ----

  approveUrl(order: OrderRecord): string {
    return `${this.baseUrl()}/checkoutnow?token=${order.id}`;
  }

  private approveLink(order: OrderRecord) {
    return { href: this.approveUrl(order), rel: "payer-action", method: "GET" as const };
  }

  private links(order: OrderRecord): Json[] {
    const self = `${this.baseUrl()}/v2/checkout/orders/${order.id}`;
    const links: Json[] = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "CREATED") links.push({ href: this.approveUrl(order), rel: "approve", method: "GET" });
    if (order.status === "PAYER_ACTION_REQUIRED") links.push({ href: this.approveUrl(order), rel: "payer-action", method: "GET" });
    if (order.status === "CREATED" || order.status === "APPROVED" || order.status === "PAYER_ACTION_REQUIRED") {
      links.push({ href: self, rel: "update", method: "PATCH" });
      links.push({ href: `${self}/${order.intent === "CAPTURE" ? "capture" : "authorize"}`, rel: order.intent === "CAPTURE" ? "capture" : "authorize", method: "POST" });
    }
    return links;
  }

  private minimal(order: OrderRecord): Json {
    return { id: order.id, status: order.status, ...(order.paymentSource ? { payment_source: order.paymentSource } : {}), links: this.links(order) };
  }

  orderJson(order: OrderRecord): Json {
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(order.processingInstruction ? { processing_instruction: order.processingInstruction } : {}),
      ...(order.paymentSource ? { payment_source: structuredClone(order.paymentSource) } : {}),
      purchase_units: structuredClone(order.units),
      ...(order.payer ? { payer: order.payer } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: this.links(order),
    };
  }

  private notFound(operation: Operation): Reply {
    return fail(paypalError(operation, 404, [{ issue: "INVALID_RESOURCE_ID", location: "path" }]));
  }
}

function withLinks(error: PayPalError, ...links: { href: string; rel: string; method: "GET" | "POST" }[]): PayPalError {
  return { ...error, body: { ...error.body, links: [...error.body.links, ...links] } };
}

/** The answer to a `PayPal-Mock-Response` header: PayPal's error for the code, as the sandbox gives it. */
export function mockResponse(header: string | undefined, operation: Operation): Reply | null {
  if (!header) return null;
  let code: unknown;
  try {
    code = (JSON.parse(header) as { mock_application_codes?: unknown }).mock_application_codes;
  } catch {
    return null;
  }
  if (typeof code !== "string" || code === "") return null;
  return fail(issueError(operation, code));
}
