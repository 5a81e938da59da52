import { and, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { findCart } from "../../cart/load";
import { customer, customerAddress } from "../../customer/tables";
import { formatPhone, phoneProblem } from "../../customer/schemas";
import type { FieldErrorCode } from "../../customer/types";
import { queryRows } from "../../db/query";
import type { OrderError, PlaceOrderResult } from "../../order/types";
import { lineIssueErrors } from "../../order/line-issues";
import { loadSalesChannel, type AppServices } from "../../services";
import { hashToken } from "../../visitor";
import { transition } from "../state";
import { paymentTransaction } from "../tables";
import type { TransactionState } from "../types";
import { payPalMethod } from "../methods";
import { purchaseUnitOf, type PayPalCheckoutDeps } from "./checkout";
import { PayPalApiError } from "./client";
import type { Order } from "./types";
import { puiInstructionsOf, type PuiInstructions } from "./pui-instructions";

/*
 * Pay upon invoice (reference §2.1 "Pay Upon Invoice", Ratepay through PayPal, Germany only). Unlike the
 * buttons it is paid on the server, at once: the confirm form carries the buyer's birthday, phone number
 * and FraudNet session; the PayPal order is created with `payment_source.pay_upon_invoice`; PayPal either
 * refuses (422, nothing is placed, the cart stays) or accepts it as PENDING_APPROVAL, and then the shop's
 * order is placed with the payment open. Ratepay's decision comes later: the finish page polls
 * (`frontend.paypal.pui.payment_instructions`) until the order is COMPLETED and shows the bank details.
 */

export const PUI_METHOD = "paypal_pui";

/** PayPal's FraudNet session id (`PayPal-Client-Metadata-Id`) is at most 36 characters. */
export const FRAUDNET_SESSION_MAX = 36;
/** Ratepay sells on invoice to adults only. */
export const PUI_MIN_AGE_YEARS = 18;
/** PayPal's refusals of a PUI buyer: each has its own message (error-codes.ts, method `pui`). */
export const PUI_REFUSALS = ["PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED", "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"] as const;

/** The customer-service line PayPal prints on Ratepay's invoice mail. */
const CUSTOMER_SERVICE_INSTRUCTIONS = "Customer service phone is +49 6912345678.";

export interface PuiFieldsInput {
  /** `YYYY-MM-DD` from the date input. */
  birthday: string;
  /** The phone field's E.164 value, else its visible text. */
  phone: string;
  fraudnetSessionId: string;
}

/** A field's problem: the shop's field codes, and "too-young" for a buyer under 18. */
export type PuiFieldProblem = FieldErrorCode | "too-young";
export type PuiFieldErrors = Partial<Record<"birthday" | "phone", PuiFieldProblem>>;

/** Birthday: a real calendar date, the buyer at least 18 on `today`; empty is "required". */
export function birthdayProblem(value: string, today = new Date()): PuiFieldProblem | null {
  const text = value.trim();
  if (!text) return "required";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return "invalid";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900) return "invalid";
  const adultFrom = new Date(Date.UTC(today.getUTCFullYear() - PUI_MIN_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return date.getTime() <= adultFrom.getTime() ? null : "too-young";
}

/** The phone number in E.164 for PayPal, or why it cannot be used (empty is "required"). */
export function puiPhone(value: string, countryIso: string): { ok: true; e164: string; countryCode: string; nationalNumber: string } | { ok: false; problem: FieldErrorCode } {
  const text = value.trim();
  if (!text) return { ok: false, problem: "required" };
  const problem = phoneProblem(text, countryIso);
  if (problem) return { ok: false, problem };
  const parsed = parsePhoneNumberFromString(text, countryIso.toUpperCase() as never);
  if (!parsed) return { ok: false, problem: "phone-invalid" };
  return { ok: true, e164: parsed.number, countryCode: parsed.countryCallingCode, nationalNumber: parsed.nationalNumber };
}

export type StartPuiResult =
  | PlaceOrderResult
  /** The buyer's birthday or phone number is not usable: shown at the fields, nothing sent to PayPal. */
  | { ok: false; fieldErrors: PuiFieldErrors }
  /** PayPal (Ratepay) refused the buyer, or could not take the order: `issue` picks the message. */
  | { ok: false; refused: string };


export type PollOutcome =
  | { status: 200; instructions: PuiInstructions }
  /** Not decided yet: poll again (spec §4). */
  | { status: 417 }
  | { status: 404 }
  /** Voided or refused by Ratepay, or PayPal answered something we cannot show: the page goes to its error URL. */
  | { status: 409 | 502 };

interface PuiTransactionRow {
  id: string;
  state: TransactionState;
  provider_reference: string | null;
  amount_gross: number;
  currency: string;
  instructions: PuiInstructions | null;
  order_id: string | null;
}

type PuiDeps = Omit<PayPalCheckoutDeps, "brandName"> & { brandName: string };

export function createPayUponInvoice({ db, channel, cart: carts, orders, connection, logger, brandName }: PuiDeps) {
  const { client } = connection;

  async function moveTo(transaction: PuiTransactionRow, to: TransactionState, set: Partial<typeof paymentTransaction.$inferInsert> = {}) {
    const move = transition(transaction.state, to);
    if (!move.ok) {
      logger.warn("pui: state change refused", { transactionId: transaction.id, reason: move.reason });
      return;
    }
    if (!move.changed && Object.keys(set).length === 0) return;
    await db
      .update(paymentTransaction)
      .set({ state: to, ...set, updatedAt: new Date() })
      .where(and(eq(paymentTransaction.id, transaction.id), eq(paymentTransaction.state, transaction.state)));
    transaction.state = to;
  }

  return {
    /**
     * The confirm form's submit with Pay upon invoice chosen: checks the buyer's fields, creates the
     * PayPal order and, when PayPal accepts it, places the shop's order with the payment open.
     */
    async start(input: PuiFieldsInput & { cartToken: string; customerId: string; revision: number; expectedGrossTotal?: number; customerComment?: string; locale: string }): Promise<StartPuiResult> {
      const cart = await carts.view(input.cartToken);
      const chosen = cart.paymentMethods.find((method) => method.id === cart.paymentMethodId);
      if (!chosen || chosen.technicalName !== PUI_METHOD || !payPalMethod(chosen.technicalName)) return refusedOrder({ code: "payment-method-missing" });
      if (cart.lineItems.length === 0) return refusedOrder({ code: "cart-empty" });
      if (cart.revision !== input.revision) return refusedOrder({ code: "cart-changed" });
      if (input.expectedGrossTotal !== undefined && input.expectedGrossTotal !== cart.totals.grossTotal) return refusedOrder({ code: "total-changed", grossTotal: cart.totals.grossTotal });
      const lineErrors = lineIssueErrors(cart.lineItems);
      if (lineErrors.length) return { ok: false, errors: lineErrors };

      const [buyer] = await queryRows<{
        email: string; first_name: string; last_name: string; street: string; zipcode: string; city: string; country_iso: string; address_id: string;
      }>(
        db,
        sql`select c.email, a.first_name, a.last_name, a.street, a.zipcode, a.city, co.iso as country_iso, a.id as address_id
            from customer c join customer_address a on a.id = c.default_billing_address_id join country co on co.id = a.country_id
            where c.id = ${input.customerId} and c.sales_channel_id = ${channel.id}`,
      );
      if (!buyer) return refusedOrder({ code: "address-missing" });

      const fieldErrors: PuiFieldErrors = {};
      const birthday = birthdayProblem(input.birthday);
      if (birthday) fieldErrors.birthday = birthday;
      const phone = puiPhone(input.phone, buyer.country_iso);
      if (!phone.ok) fieldErrors.phone = phone.problem;
      if (!phone.ok || birthday) return { ok: false, fieldErrors };

      const cartRow = await findCart(db, hashToken(input.cartToken), channel.id);
      const [created] = await db
        .insert(paymentTransaction)
        .values({
          cartId: cartRow?.id ?? null,
          cartRevision: cart.revision,
          customerId: input.customerId,
          paymentMethodId: chosen.id,
          paymentMethodName: chosen.name,
          method: PUI_METHOD,
          provider: "paypal",
          amountGross: cart.totals.grossTotal,
          currency: cart.currency,
          testMode: connection.testDouble,
          orderNumber: sql`nextval('order_number_seq')::text`,
        })
        .returning({ id: paymentTransaction.id, updatedAt: paymentTransaction.updatedAt, orderNumber: paymentTransaction.orderNumber });
      const transactionId = created!.id;
      const fail = () => db.update(paymentTransaction).set({ state: "failed", updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));

      let order: Order;
      try {
        order = await client.createOrder(
          {
            intent: "CAPTURE",
            processing_instruction: "ORDER_COMPLETE_ON_PAYMENT_APPROVAL",
            purchase_units: [{ ...purchaseUnitOf(cart, brandName, transactionId), invoice_id: created!.orderNumber ?? undefined }],
            payment_source: {
              pay_upon_invoice: {
                name: { given_name: buyer.first_name, surname: buyer.last_name },
                email: buyer.email,
                birth_date: input.birthday.trim(),
                phone: { country_code: phone.countryCode, national_number: phone.nationalNumber },
                billing_address: { address_line_1: buyer.street, postal_code: buyer.zipcode, admin_area_2: buyer.city, country_code: buyer.country_iso },
                experience_context: {
                  locale: input.locale.toLowerCase().startsWith("de") ? "de-DE" : "en-DE",
                  brand_name: brandName.slice(0, 127),
                  customer_service_instructions: [CUSTOMER_SERVICE_INSTRUCTIONS],
                },
              },
            },
          },
          // The reference's idempotency key: the attempt and its last change.
          { requestId: `${transactionId}-${created!.updatedAt.getTime()}`, clientMetadataId: input.fraudnetSessionId.slice(0, FRAUDNET_SESSION_MAX) },
        );
      } catch (error) {
        await fail();
        const issue = error instanceof PayPalApiError ? PUI_REFUSALS.find((refusal) => error.hasIssue(refusal)) : undefined;
        logger.warn("pui: PayPal did not take the order", { transactionId, issue, error: String(error) });
        return { ok: false, refused: issue ?? "GENERIC_ERROR" };
      }
      if (!order.id) {
        await fail();
        return { ok: false, refused: "GENERIC_ERROR" };
      }
      await db.update(paymentTransaction).set({ providerReference: order.id, updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));

      const placed = await orders.place({
        cartToken: input.cartToken,
        revision: input.revision,
        expectedGrossTotal: input.expectedGrossTotal,
        customerId: input.customerId,
        customerComment: input.customerComment,
        payment: { transactionId },
      });
      if (!placed.ok) {
        // Nothing was captured yet: the attempt is over. Ratepay's pending approval lapses unpaid.
        await db.update(paymentTransaction).set({ state: "cancelled", updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
        logger.warn("pui: the order could not be placed after PayPal took it", { transactionId, errors: placed.errors.map((e) => e.code) });
        return placed;
      }
      // Kept for the next purchase on invoice (reference: stored on the customer and the billing address).
      await db.update(customer).set({ birthday: input.birthday.trim() }).where(eq(customer.id, input.customerId));
      await db.update(customerAddress).set({ phone: formatPhone(phone.e164, buyer.country_iso) }).where(eq(customerAddress.id, buyer.address_id));
      return placed;
    },

    /** The order's Pay upon invoice attempt, for the finish page: null when the order is not paid on invoice. */
    async ofOrder(orderId: string, customerId: string): Promise<{ transactionId: string; state: TransactionState; instructions: PuiInstructions | null } | null> {
      const [row] = await queryRows<PuiTransactionRow>(
        db,
        sql`select id, state, provider_reference, amount_gross, currency, instructions, order_id from payment_transaction
            where order_id = ${orderId} and customer_id = ${customerId} and method = ${PUI_METHOD}
            order by created_at desc limit 1`,
      );
      return row ? { transactionId: row.id, state: row.state, instructions: row.instructions } : null;
    },

    /**
     * `frontend.paypal.pui.payment_instructions`: what PayPal says of the attempt now (reference
     * `PUIInstructionsFetchService`). APPROVED → authorized (still 417); VOIDED → failed; not COMPLETED →
     * 417; COMPLETED without PUI details → error; else the instructions are stored and the payment is paid.
     */
    async poll(transactionId: string, customerId: string): Promise<PollOutcome> {
      if (!/^[0-9a-f-]{36}$/i.test(transactionId)) return { status: 404 };
      const [transaction] = await queryRows<PuiTransactionRow>(
        db,
        sql`select id, state, provider_reference, amount_gross, currency, instructions, order_id from payment_transaction
            where id = ${transactionId} and customer_id = ${customerId} and method = ${PUI_METHOD}`,
      );
      if (!transaction?.provider_reference) return { status: 404 };
      if (transaction.instructions) return { status: 200, instructions: transaction.instructions };
      if (transaction.state === "failed" || transaction.state === "cancelled") return { status: 409 };

      let order: Order;
      try {
        order = await client.getOrder(transaction.provider_reference);
      } catch (error) {
        logger.warn("pui: reading the PayPal order failed", { transactionId, error: String(error) });
        return { status: 502 };
      }
      if (order.status === "APPROVED") await moveTo(transaction, "authorized");
      if (order.status === "VOIDED") {
        await moveTo(transaction, "failed");
        return { status: 409 };
      }
      if (order.status !== "COMPLETED") return { status: 417 };
      const instructions = puiInstructionsOf(order, transaction);
      if (!instructions) {
        logger.error("pui: PayPal completed the order without the bank details", { transactionId, paypalOrderId: order.id });
        return { status: 502 };
      }
      const captureId = order.purchase_units?.[0]?.payments?.captures?.at(-1)?.id;
      await moveTo(transaction, "paid", { instructions: instructions as unknown as Record<string, string>, ...(captureId ? { settlementReference: captureId } : {}) });
      return { status: 200, instructions };
    },
  };
}

export type PayUponInvoice = ReturnType<typeof createPayUponInvoice>;

const made = new WeakMap<object, Promise<PayUponInvoice>>();

/** The shop's Pay upon invoice, made once per PayPal connection; null when PayPal is off. */
export function payUponInvoice(services: Pick<AppServices, "db" | "cart" | "orders" | "logger" | "payments">): Promise<PayUponInvoice> | null {
  const paypal = services.payments.paypal;
  if (!paypal) return null;
  let pui = made.get(paypal);
  if (!pui) {
    pui = loadSalesChannel(services.db).then((channel) =>
      createPayUponInvoice({ db: services.db, channel, cart: services.cart, orders: services.orders, connection: paypal.connection, logger: services.logger, brandName: channel.name }),
    );
    made.set(paypal, pui);
  }
  return pui;
}

function refusedOrder(error: OrderError): StartPuiResult {
  return { ok: false, errors: [error] };
}

