import { and, eq, sql } from "drizzle-orm";
import { routeNames } from "../../../kernel/route-names";
import type { Locale } from "../../../kernel/i18n/locales";
import { findCart } from "../../cart/load";
import type { CartService } from "../../cart/service-types";
import type { SalesChannelContext } from "../../catalog/service";
import type { AddressBookService } from "../../customer/addresses";
import type { CustomerService } from "../../customer/service";
import type { CountryOption } from "../../customer/types";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import { lineIssueErrors } from "../../order/line-issues";
import type { OrderService } from "../../order/service-types";
import type { OrderError, PlaceOrderResult } from "../../order/types";
import { hashToken } from "../../visitor";
import { AMAZON_PAY_METHOD } from "../methods";
import { paymentTransaction } from "../tables";
import type { TransactionState } from "../types";
import { transition } from "../state";
import { checkoutSessionPayload, isVisitorBinding, signedButtonPayload, visitorBinding, type SignedButtonPayload } from "./button";
import { AmazonPayApiError } from "./client";
import type { AmazonPayConnection } from "./connection";
import { amazonPrice, outcomeOfCharge } from "./provider";
import { splitBuyerName } from "./sign-in";
import type { AmazonPayBrowserConfig, AmazonPayReview } from "../../../kernel/amazon-pay";
import type { PaymentOperations } from "../operations";
import type { Address, CheckoutSession } from "./types";

/*
 * Amazon Pay in checkout (docs/decisions/0031). The button's signed payload sends the buyer to Amazon and
 * back to the review URL, which carries a binding to this visitor's cart: only that browser sees the
 * session's buyer data. Review makes the buyer the cart's customer (a guest from Amazon's data, or the
 * signed-in customer with Amazon's shipping address) and records the attempt. Submit order on the confirm
 * page reserves the order number and sends the buyer through Amazon's redirect; on return the session is
 * completed and only then is the order placed. A cancel or decline comes back to the confirm page with a
 * message and the cart as it was.
 */

const REVIEW = routeNames["frontend.amazon-pay.review"];
const RESULT = routeNames["frontend.amazon-pay.result"];
const SIGN_IN = routeNames["frontend.amazon-pay.sign-in"];

/** Amazon's checkout languages for the shop's languages. */
const CHECKOUT_LANGUAGE: Record<Locale, string> = { en: "en_GB", de: "de_DE" };

export type AmazonPayFailure = { ok: false; status: 400 | 403 | 404 | 409 | 422 | 502; message: string };

/** Where a completed (or refused) payment leads: the finish page, or the confirm page with a notice. */
export type AmazonPayResult = PlaceOrderResult | { ok: false; notice: AmazonPayNotice };

/** Message keys (kernel/i18n) of what went wrong at Amazon; the confirm page shows them once. */
export const AMAZON_PAY_NOTICES = {
  cancelled: "payment.amazonPay.cancelled",
  declined: "payment.amazonPay.declined",
  failed: "payment.amazonPay.failed",
  cartChanged: "payment.amazonPay.cartChanged",
  notPlaced: "payment.amazonPay.notPlaced",
} as const;
export type AmazonPayNotice = (typeof AMAZON_PAY_NOTICES)[keyof typeof AMAZON_PAY_NOTICES];

interface AttemptRow {
  id: string;
  order_id: string | null;
  cart_id: string | null;
  cart_revision: number | null;
  customer_id: string | null;
  amount_gross: number;
  refunded_gross: number;
  currency: string;
  state: TransactionState;
  provider_reference: string;
  settlement_reference: string | null;
  order_comment: string | null;
}

const ATTEMPT_COLUMNS = sql.raw(
  "id, order_id, cart_id, cart_revision, customer_id, amount_gross, refunded_gross, currency, state, provider_reference, settlement_reference, order_comment",
);

export interface AmazonPayCheckoutDeps {
  db: Database;
  channel: SalesChannelContext;
  carts: CartService;
  orders: OrderService;
  customers: CustomerService;
  addresses: AddressBookService;
  connection: AmazonPayConnection;
  /** Gives the money back when the order cannot be placed after the charge. */
  operations: PaymentOperations;
  logger: Logger;
  appUrl: string;
  sessionSecret: string;
  brandName: string;
}

export function createAmazonPayCheckout({ db, channel, carts, orders, customers, addresses, connection, operations, logger, appUrl, sessionSecret, brandName }: AmazonPayCheckoutDeps) {
  const { client } = connection;
  const key = { publicKeyId: connection.publicKeyId, privateKey: connection.privateKey };
  const cartIdOf = async (cartToken: string | undefined) => (cartToken ? ((await findCart(db, hashToken(cartToken), channel.id))?.id ?? null) : null);

  async function attempt(where: ReturnType<typeof sql>): Promise<AttemptRow | null> {
    const rows = await queryRows<AttemptRow>(db, sql`select ${ATTEMPT_COLUMNS} from payment_transaction where provider = 'amazon_pay' and ${where} order by created_at desc limit 1`);
    return rows[0] ?? null;
  }

  /** The cart's attempt the buyer has chosen address and payment for at Amazon, not yet an order. */
  const openAttemptOf = (cartId: string, customerId: string) =>
    attempt(sql`cart_id = ${cartId} and customer_id = ${customerId} and order_id is null and state = 'open'`);

  /** Moves an attempt along the state machine, only if nobody moved it meanwhile. */
  async function moveTo(row: AttemptRow, to: TransactionState, set: Partial<typeof paymentTransaction.$inferInsert> = {}) {
    const move = transition(row.state, to);
    if (!move.ok) {
      logger.warn("amazon pay: state change refused", { transactionId: row.id, reason: move.reason });
      return;
    }
    await db
      .update(paymentTransaction)
      .set({ state: to, ...set, updatedAt: new Date() })
      .where(and(eq(paymentTransaction.id, row.id), eq(paymentTransaction.state, row.state)));
    row.state = to;
  }

  /** The shop's address form input for one of Amazon's addresses; null for a country the shop does not deliver to. */
  function addressInput(address: Address, countries: CountryOption[], fallbackName: string | null) {
    const country = countries.find((c) => c.iso === address.countryCode?.toUpperCase());
    if (!country) return null;
    // Amazon keeps one name line; a shop address needs both parts (a single word serves as both).
    const { firstName, lastName } = splitBuyerName(address.name ?? fallbackName ?? "");
    const region = address.stateOrRegion?.toLowerCase();
    return {
      firstName,
      lastName: lastName || firstName,
      street: [address.addressLine1, address.addressLine2, address.addressLine3].filter(Boolean).join(", "),
      zipcode: address.postalCode ?? "",
      city: address.city ?? "",
      countryId: country.id,
      countryStateId: region ? country.states.find((s) => s.name.toLowerCase() === region || s.id.toLowerCase().endsWith(region))?.id : undefined,
      phone: address.phoneNumber ?? undefined,
    };
  }

  /** Amazon's shipping address becomes the customer's default shipping address (an equal one is reused). */
  async function useShippingAddress(customerId: string, input: NonNullable<ReturnType<typeof addressInput>>): Promise<boolean> {
    const book = await addresses.list(customerId);
    if (!book) return false;
    const same = book.addresses.find(
      (a) => a.firstName === input.firstName && a.lastName === input.lastName && a.street === input.street && a.zipcode === input.zipcode && a.city === input.city && a.countryId === input.countryId,
    );
    if (same) return addresses.setDefault(customerId, same.id, { changeBilling: false, changeShipping: true });
    const created = await addresses.create(customerId, input, { changeBilling: false, changeShipping: true });
    if (!created.ok) logger.warn("amazon pay: the shipping address could not be saved", { reason: created.reason });
    return created.ok;
  }

  async function registerGuest(session: CheckoutSession, countries: CountryOption[], previousSessionToken: string | undefined, clientIp: string | undefined) {
    const buyer = session.buyer!;
    const amazonBilling = session.billingAddress ?? session.shippingAddress;
    const billing = amazonBilling && addressInput(amazonBilling, countries, buyer.name);
    if (!billing || !buyer.email) return null;
    const { firstName, lastName, phone: _phone, ...billingAddress } = billing;
    const result = await customers.register({ guest: true, firstName, lastName, email: buyer.email, billingAddress }, { previousSessionToken, clientIp });
    if (!result.ok) {
      logger.warn("amazon pay: the buyer could not be registered as a guest", { errors: "errors" in result ? result.errors : "locked" });
      return null;
    }
    return { customerId: result.customer.id, sessionToken: result.sessionToken };
  }

  /** Gives the money of an attempt back (the order could not be placed after all). */
  async function giveBack(row: AttemptRow) {
    const outcome = row.state === "paid" ? await operations.refund(row.id, row.amount_gross - row.refunded_gross) : await operations.cancel(row.id);
    // Otherwise the shop's staff see a paid attempt without an order and refund it by hand.
    if (!outcome.ok) logger.error("amazon pay: could not give back the money of an order that was not placed", { transactionId: row.id, reason: outcome.message });
  }

  return {
    /** The button options of spec §3 for the shop's currency and the page's language. */
    browserConfig(currency: string, locale: Locale): AmazonPayBrowserConfig {
      return {
        scriptUrl: connection.checkoutScriptUrl,
        testDouble: connection.testDouble,
        button: {
          merchantId: connection.merchantId,
          publicKeyId: connection.publicKeyId,
          sandbox: connection.sandbox,
          ledgerCurrency: currency,
          checkoutLanguage: CHECKOUT_LANGUAGE[locale],
          productType: "PayAndShip",
          buttonColor: "Gold",
        },
      };
    },

    /**
     * `createCheckoutSessionConfig` for this visitor's cart: Amazon sends the buyer back to the review
     * URL with a binding only this cart's browser can match.
     */
    async checkoutSessionConfig(cartToken: string | undefined): Promise<{ ok: true; config: SignedButtonPayload } | AmazonPayFailure> {
      const cart = await carts.view(cartToken);
      if (!cartToken || cart.lineItems.length === 0) return { ok: false, status: 409, message: "Your cart is empty." };
      if (!cart.paymentMethods.some((method) => method.technicalName === AMAZON_PAY_METHOD)) {
        return { ok: false, status: 409, message: "Amazon Pay is not available for this cart." };
      }
      const payload = checkoutSessionPayload({ storeId: connection.storeId, reviewUrl: `${appUrl}${REVIEW}`, binding: visitorBinding(sessionSecret, cartToken) });
      return { ok: true, config: signedButtonPayload(payload, key) };
    },

    /** `signInConfig` for the login page's Sign in with Amazon button. */
    signInConfig(): SignedButtonPayload {
      return signedButtonPayload({ signInReturnUrl: `${appUrl}${SIGN_IN}`, storeId: connection.storeId, signInScopes: ["name", "email"] }, key);
    },

    /**
     * Amazon's return after the buyer chose address and payment: only the browser whose cart the binding
     * names gets on; the buyer becomes the cart's customer (a guest when nobody is signed in) with
     * Amazon's shipping address, and Amazon Pay the cart's method. Answers the new session's token when a
     * guest was made.
     */
    async review(input: {
      cartToken: string | undefined;
      sessionToken: string | undefined;
      checkoutSessionId: string;
      binding: string | null;
      clientIp?: string;
    }): Promise<{ ok: true; sessionToken?: string } | AmazonPayFailure> {
      if (!isVisitorBinding(input.binding, sessionSecret, input.cartToken)) {
        return { ok: false, status: 403, message: "This Amazon Pay checkout was started in another browser. Please start it again here." };
      }
      const cartToken = input.cartToken!;
      const cart = await carts.view(cartToken);
      const cartId = await cartIdOf(cartToken);
      if (!cartId || cart.lineItems.length === 0) return { ok: false, status: 409, message: "Your cart is empty." };
      const method = cart.paymentMethods.find((m) => m.technicalName === AMAZON_PAY_METHOD);
      if (!method) return { ok: false, status: 409, message: "Amazon Pay is not available for this cart." };

      let session: CheckoutSession;
      try {
        session = await client.getCheckoutSession(input.checkoutSessionId);
      } catch (error) {
        logger.warn("amazon pay: reading the checkout session failed", { error: describe(error) });
        return error instanceof AmazonPayApiError && error.status === 404
          ? { ok: false, status: 404, message: "This Amazon Pay checkout does not exist. Please start it again." }
          : { ok: false, status: 502, message: "Amazon Pay could not be reached. Please try again." };
      }
      if (session.statusDetails.state !== "Open" || !session.buyer) {
        return { ok: false, status: 409, message: "This Amazon Pay checkout has ended. Please start it again." };
      }
      // The session's attempt is this cart's: one another cart recorded is not taken over.
      const existing = await attempt(sql`provider_reference = ${session.checkoutSessionId}`);
      if (existing && (existing.cart_id !== cartId || existing.order_id)) {
        return { ok: false, status: 403, message: "This Amazon Pay checkout belongs to another cart. Please start it again." };
      }

      const countries = await customers.countries();
      const shipping = session.shippingAddress ? addressInput(session.shippingAddress, countries, session.buyer.name) : null;
      if (!shipping) return { ok: false, status: 422, message: "We do not deliver to the address chosen at Amazon. Please choose another address." };
      let customerId: string;
      let sessionToken: string | undefined;
      const current = await customers.fromSession(input.sessionToken);
      if (current) {
        customerId = current.id;
      } else {
        const guest = await registerGuest(session, countries, input.sessionToken, input.clientIp);
        if (!guest) return { ok: false, status: 422, message: "Amazon's address could not be used. Please check out with your address." };
        customerId = guest.customerId;
        sessionToken = guest.sessionToken;
      }
      if (existing && existing.customer_id && existing.customer_id !== customerId) {
        return { ok: false, status: 403, message: "This Amazon Pay checkout was started by another customer. Please log in as them." };
      }
      if (!(await useShippingAddress(customerId, shipping))) {
        return { ok: false, status: 422, message: "Amazon's shipping address could not be saved. Please check out with your address." };
      }
      await carts.configure(cartToken, { paymentMethodId: method.id });
      const fresh = await carts.view(cartToken);
      if (existing) {
        await db
          .update(paymentTransaction)
          .set({ customerId, cartRevision: fresh.revision, amountGross: fresh.totals.grossTotal, currency: fresh.currency, updatedAt: new Date() })
          .where(and(eq(paymentTransaction.id, existing.id), eq(paymentTransaction.state, "open")));
      } else {
        // A previous session of this cart that was never paid is left behind for this one.
        await db.execute(sql`update payment_transaction set state = 'cancelled', updated_at = now()
          where provider = 'amazon_pay' and cart_id = ${cartId} and order_id is null and state = 'open' and settlement_reference is null`);
        await db
          .insert(paymentTransaction)
          .values({
            cartId,
            cartRevision: fresh.revision,
            customerId,
            paymentMethodId: method.id,
            paymentMethodName: method.name,
            method: AMAZON_PAY_METHOD,
            provider: "amazon_pay",
            providerReference: session.checkoutSessionId,
            amountGross: fresh.totals.grossTotal,
            currency: fresh.currency,
            testMode: connection.testDouble,
          })
          .onConflictDoNothing();
      }
      return { ok: true, ...(sessionToken ? { sessionToken } : {}) };
    },

    /** The confirm page's Amazon part: the buyer's choice at Amazon while the session is open; else null. */
    async reviewOf(cartToken: string | undefined, customerId: string): Promise<AmazonPayReview | null> {
      const cartId = await cartIdOf(cartToken);
      const row = cartId ? await openAttemptOf(cartId, customerId) : null;
      if (!row) return null;
      let session: CheckoutSession;
      try {
        session = await client.getCheckoutSession(row.provider_reference);
      } catch (error) {
        logger.warn("amazon pay: reading the checkout session failed", { error: describe(error) });
        return null;
      }
      if (session.statusDetails.state !== "Open" || !session.buyer) {
        // Expired or cancelled at Amazon: the button is offered again.
        await moveTo(row, "failed");
        return null;
      }
      const address = session.shippingAddress;
      return {
        checkoutSessionId: session.checkoutSessionId,
        buyerName: session.buyer.name ?? "",
        email: session.buyer.email ?? "",
        shippingAddress: address
          ? [address.name, address.addressLine1, address.addressLine2, address.addressLine3, [address.postalCode, address.city].filter(Boolean).join(" "), address.countryCode].filter(
              (line): line is string => !!line,
            )
          : [],
        paymentDescriptor: session.paymentPreferences?.[0]?.paymentDescriptor ?? null,
      };
    },

    /**
     * Submit order with Amazon Pay: the cart is checked, the order number reserved and sent to Amazon with
     * the amount, and the buyer goes through Amazon's redirect (SCA happens there). Nothing is placed yet.
     */
    async pay(input: {
      cartToken: string;
      customerId: string;
      revision: number;
      expectedGrossTotal?: number;
      customerComment?: string;
    }): Promise<{ ok: true; redirectUrl: string } | { ok: false; errors: OrderError[] }> {
      const cartId = await cartIdOf(input.cartToken);
      const row = cartId ? await openAttemptOf(cartId, input.customerId) : null;
      if (!row) return { ok: false, errors: [{ code: "payment-not-approved" }] };
      const cart = await carts.view(input.cartToken);
      if (cart.revision !== input.revision) return { ok: false, errors: [{ code: "cart-changed" }] };
      if (input.expectedGrossTotal !== undefined && input.expectedGrossTotal !== cart.totals.grossTotal) {
        return { ok: false, errors: [{ code: "total-changed", grossTotal: cart.totals.grossTotal }] };
      }
      const lineErrors = lineIssueErrors(cart.lineItems);
      if (lineErrors.length) return { ok: false, errors: lineErrors };

      const [reserved] = await queryRows<{ order_number: string }>(
        db,
        sql`update payment_transaction
            set order_number = coalesce(order_number, nextval('order_number_seq')::text), cart_revision = ${cart.revision},
                amount_gross = ${cart.totals.grossTotal}, currency = ${cart.currency}, order_comment = ${input.customerComment ?? null}, updated_at = now()
            where id = ${row.id} and state = 'open' and order_id is null returning order_number`,
      );
      if (!reserved) return { ok: false, errors: [{ code: "payment-not-approved" }] };
      let session: CheckoutSession;
      try {
        session = await client.updateCheckoutSession(row.provider_reference, {
          webCheckoutDetails: { checkoutResultReturnUrl: `${appUrl}${RESULT}` },
          paymentDetails: {
            paymentIntent: connection.intent === "authorize" ? "Authorize" : "AuthorizeWithCapture",
            canHandlePendingAuthorization: false,
            chargeAmount: amazonPrice(cart.totals.grossTotal, cart.currency),
          },
          merchantMetadata: { merchantReferenceId: reserved.order_number, merchantStoreName: brandName.slice(0, 50) },
        });
      } catch (error) {
        logger.warn("amazon pay: updating the checkout session failed", { transactionId: row.id, error: describe(error) });
        return { ok: false, errors: [{ code: "payment-declined" }] };
      }
      const redirectUrl = session.webCheckoutDetails.amazonPayRedirectUrl;
      if (!redirectUrl || !isAmazonRedirect(redirectUrl, connection)) {
        logger.warn("amazon pay: the checkout session has no usable redirect URL", {
          transactionId: row.id,
          constraints: session.constraints.map((c) => c.constraintId).join(","),
        });
        return { ok: false, errors: [{ code: "payment-declined" }] };
      }
      return { ok: true, redirectUrl };
    },

    /**
     * Amazon's return after paying: the session is completed (once, however often the buyer comes back)
     * and the order placed with the charge; a cancel or decline leaves the cart and says why.
     */
    async result(input: { cartToken: string | undefined; customerId: string; checkoutSessionId: string }): Promise<AmazonPayResult | AmazonPayFailure> {
      const cartId = await cartIdOf(input.cartToken);
      const row = cartId ? await attempt(sql`provider_reference = ${input.checkoutSessionId} and cart_id = ${cartId}`) : null;
      if (!row || row.customer_id !== input.customerId || !input.cartToken) {
        return { ok: false, status: 403, message: "This Amazon Pay payment does not belong to your cart." };
      }
      const place = () =>
        orders.place({
          cartToken: input.cartToken!,
          revision: row.cart_revision ?? -1,
          customerId: input.customerId,
          customerComment: row.order_comment ?? undefined,
          payment: { transactionId: row.id },
        });
      if (row.order_id) return place();
      // A notification (or the sync) may have recorded Amazon's refusal before the buyer's browser came back: say why.
      if (row.state === "failed" || row.state === "cancelled") return { ok: false, notice: await refusalOf(row.provider_reference) };

      if (row.state === "open" && !row.settlement_reference) {
        // A cart changed while the buyer was at Amazon is not paid for: no money moves.
        const cart = await carts.view(input.cartToken);
        if (cart.revision !== row.cart_revision || cart.totals.grossTotal !== row.amount_gross) {
          await moveTo(row, "cancelled");
          return { ok: false, notice: AMAZON_PAY_NOTICES.cartChanged };
        }
        const completed = await complete(row);
        if (completed !== "ok") return { ok: false, notice: completed };
      }
      if (row.state !== "paid" && row.state !== "authorized") return { ok: false, notice: AMAZON_PAY_NOTICES.failed };

      const placed = await place();
      if (placed.ok) return placed;
      // A concurrent return may have placed it meanwhile; only an attempt no order took gets its money back.
      const now = await attempt(sql`id = ${row.id}`);
      if (now?.order_id) return place();
      if (now) await giveBack(now);
      logger.warn("amazon pay: paid, but the order could not be placed", { transactionId: row.id, errors: placed.errors.map((e) => e.code).join(",") });
      return { ok: false, notice: AMAZON_PAY_NOTICES.notPlaced };
    },
  };

  /** The notice for a session Amazon ended: its reason when Amazon can be asked, else the general one. */
  async function refusalOf(checkoutSessionId: string): Promise<AmazonPayNotice> {
    const session = await client.getCheckoutSession(checkoutSessionId).catch(() => null);
    return session?.statusDetails.state === "Canceled" ? noticeOfReason(session.statusDetails.reasonCode) : AMAZON_PAY_NOTICES.failed;
  }

  /** Completes the session with the attempt's amount (one idempotency key per attempt) and records the charge. */
  async function complete(row: AttemptRow): Promise<"ok" | AmazonPayNotice> {
    let chargeId: string | null;
    try {
      const session = await client.completeCheckoutSession(
        row.provider_reference,
        { chargeAmount: amazonPrice(row.amount_gross, row.currency) },
        { idempotencyKey: `complete-${row.id}` },
      );
      chargeId = session.chargeId;
    } catch (error) {
      if (!(error instanceof AmazonPayApiError) || error.status === 0 || error.status >= 500) {
        // Amazon may have completed it: the status sync and the notifications find out; the attempt stays open.
        logger.warn("amazon pay: completing the checkout session failed", { transactionId: row.id, error: describe(error) });
        return AMAZON_PAY_NOTICES.failed;
      }
      const session = await client.getCheckoutSession(row.provider_reference).catch(() => null);
      if (session?.statusDetails.state === "Completed" && session.chargeId) {
        chargeId = session.chargeId;
      } else {
        await moveTo(row, "failed");
        const reason = session?.statusDetails.reasonCode ?? error.reasonCode;
        logger.info("amazon pay: payment not completed", { transactionId: row.id, reason });
        return noticeOfReason(reason);
      }
    }
    if (!chargeId) {
      // Intent Confirm makes no charge; the shop never asks for it.
      logger.error("amazon pay: a completed checkout session without a charge", { transactionId: row.id });
      return AMAZON_PAY_NOTICES.failed;
    }
    const charge = await client.getCharge(chargeId).catch((error: unknown) => {
      logger.warn("amazon pay: reading the charge failed", { transactionId: row.id, error: describe(error) });
      return null;
    });
    const outcome = charge ? outcomeOfCharge(charge, { state: row.state, amountGross: row.amount_gross }) : null;
    if (!outcome) {
      // Amazon still works on it: the charge is kept, the sync and the notifications bring its state.
      await db.update(paymentTransaction).set({ settlementReference: chargeId, updatedAt: new Date() }).where(eq(paymentTransaction.id, row.id));
      row.settlement_reference = chargeId;
      return AMAZON_PAY_NOTICES.failed;
    }
    if (outcome.state === "failed") {
      await moveTo(row, "failed", { settlementReference: chargeId });
      return AMAZON_PAY_NOTICES.declined;
    }
    await moveTo(row, outcome.state, { settlementReference: chargeId });
    row.settlement_reference = chargeId;
    return "ok";
  }
}

/** What the buyer is told about a session Amazon ended for this reason. */
function noticeOfReason(reason: string | null): AmazonPayNotice {
  if (reason === "BuyerCanceled") return AMAZON_PAY_NOTICES.cancelled;
  if (reason === "Declined" || reason === "HardDeclined") return AMAZON_PAY_NOTICES.declined;
  return AMAZON_PAY_NOTICES.failed;
}

/** Only Amazon's own pages (or the local double's) are where a buyer is sent to pay. */
function isAmazonRedirect(url: string, connection: AmazonPayConnection): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (connection.doubleOrigin) return parsed.origin === connection.doubleOrigin;
  return parsed.protocol === "https:" && /(^|\.)amazon\.(com|de|co\.uk|fr|it|es|co\.jp|jp|eu)$|(^|\.)payments-amazon\.com$/.test(parsed.hostname);
}

function describe(error: unknown): string {
  if (error instanceof AmazonPayApiError) return `${error.status} ${error.reasonCode}`;
  return String(error);
}

export type AmazonPayCheckout = ReturnType<typeof createAmazonPayCheckout>;
