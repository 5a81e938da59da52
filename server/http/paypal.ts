import type { Context, Hono } from "hono";
import { approvalHold, HELD_FOR_APPROVAL } from "../b2b/approvals/hold";
import { ELIGIBILITY_MISSING } from "../eligibility/service";
import { z } from "zod";
import { routePattern } from "../../kernel/route-names";
import { CHECKED_FUNDING, PAYPAL_ERROR_CODES } from "../../kernel/paypal";
import type { AppServices } from "../services";
import { payPalMethod, payPalMethodByFunding } from "../payment/methods";
import { HandleErrorBody, messageKeyFor } from "../payment/paypal/error-codes";
import { billingCountryIso, offerInputOf, payPalMethodsNotOffered } from "../payment/paypal/offered";
import { payAgainOf } from "../payment/paypal/pay-again";
import { payUponInvoice } from "../payment/paypal/pui";
import { verifyWebhook } from "../payment/paypal/webhook";
import { isPayPalWebhookToken } from "../payment/paypal/webhook-token";
import { PAYPAL_WEBHOOK_PATH } from "../payment/providers";
import { createPayPalExpress } from "../payment/paypal/express";
import { CART_COOKIE, CART_COOKIE_DAYS, isSecureRequest, readToken, SESSION_COOKIE, SESSION_COOKIE_DAYS, tokenCookie } from "../visitor";
import { clientIp } from "./client-ip";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { describeIssues, errorResponse, isXhr } from "./errors";
import { readJson } from "./json-body";

/*
 * PayPal's storefront endpoints (spec §7, reference §2.1). Every one is a POST from our own scripts
 * (X-Requested-With, CSRF-checked by Origin), answers JSON or 204, and never takes an amount: the
 * server takes it from the session's cart.
 *
 * - frontend.paypal.create_order: the confirm form (+ `product`) → `{token}` (the PayPal order id)
 * - frontend.paypal.payment-method-eligibility: `{paymentMethods: ["CARD", …]}` not eligible → 204
 * - frontend.paypal.handle-error: `{code, error, fatal}` → 204; the next confirm page shows the message
 */

/** `create_order`'s products (reference §2.1): which button or fields asked. */
const PRODUCTS = ["spb", "acdc", "venmo", "applepay", "googlepay", "paylater", "sepa"] as const;

const CreateOrderForm = z.object({ product: z.enum(PRODUCTS, { message: `must be one of ${PRODUCTS.join(", ")}` }).default("spb") });

export const EligibilityBody = z.object(
  {
    paymentMethods: z
      .array(z.enum([...CHECKED_FUNDING, "APPLEPAY", "GOOGLEPAY"], { message: `must be funding sources like ${CHECKED_FUNDING.join(", ")}` }))
      .max(20, "lists too many funding sources"),
  },
  { message: 'must be a JSON object like {"paymentMethods": ["VENMO"]}' },
);

const PRIVATE = { "Cache-Control": CACHE_CONTROL.personal, Vary: "Cookie" };

export function registerPayPalEndpoints(app: Hono<AppEnv>, services: AppServices) {
  const { payments, customers, cart: carts, logger } = services;
  const notFromOurScript = (c: Context) => errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");
  const cartToken = (c: Context) => readToken(c.req.header("cookie"), CART_COOKIE);

  app.post(routePattern("frontend.paypal.create_order"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const paypal = payments.paypal;
    if (!paypal) return errorResponse(c, 404, "PayPal is not available in this shop.");
    const form = await c.req.formData().catch(() => null);
    if (!form) return errorResponse(c, 400, "Send the confirm form as form data.");
    const parsed = CreateOrderForm.safeParse({ product: form.get("product") ?? undefined });
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    if (!customer) return errorResponse(c, 401, "Please log in or enter your address before paying.");
    // Spec §7: with `orderId`, an existing order of this customer is paid again (account order page).
    const orderId = z.uuid().safeParse(form.get("orderId"));
    if (orderId.success) {
      const again = await payAgainOf(services)!.createOrder({ orderId: orderId.data, customerId: customer.id });
      return again.ok ? c.json({ token: again.token }, 200, PRIVATE) : errorResponse(c, again.status, again.message);
    }
    // A method this cart is not offered (currency, countries, browser, a fatal error) gets no order.
    const cart = await carts.view(cartToken(c));
    const state = await payments.checkout.state(cartToken(c));
    const notOffered = payPalMethodsNotOffered(
      offerInputOf(cart, {
        billingCountry: billingCountryIso(customer.billingAddress?.countryId, await customers.countries()),
        merchantCountry: paypal.connection.settings.merchantCountry,
        ineligibleMethods: state.ineligibleMethods,
        fatalMethods: state.fatalMethods,
      }),
    );
    const chosen = cart.paymentMethods.find((method) => method.id === cart.paymentMethodId)?.technicalName;
    if (chosen && notOffered.has(chosen)) return errorResponse(c, 409, "This payment method is not available for your order. Please choose another one.");
    // B2B: an order an approval rule holds takes no money before the approval.
    if (await approvalHold(services, customer, cart)) return errorResponse(c, 409, HELD_FOR_APPROVAL);
    // The eligibility check (issue 26): the confirm form's choice is recorded; no money moves without a satisfied one.
    if (!(await services.eligibility.recordFormChoice(cartToken(c), form))) return errorResponse(c, 409, ELIGIBILITY_MISSING);
    const result = await paypal.checkout.createOrder({ cartToken: cartToken(c), customerId: customer.id });
    if (!result.ok) return errorResponse(c, result.status, result.message);
    return c.json({ token: result.token }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.paypal.payment-method-eligibility"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = EligibilityBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const token = cartToken(c);
    if (!token) return errorResponse(c, 404, "There is no cart to pay for.");
    const methods = parsed.data.paymentMethods.flatMap((funding) => payPalMethodByFunding(funding.toLowerCase())?.technicalName ?? []);
    await payments.checkout.setIneligible(token, methods);
    return c.body(null, 204, PRIVATE);
  });

  app.post(routePattern("frontend.paypal.handle-error"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = HandleErrorBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const token = cartToken(c);
    if (!token) return errorResponse(c, 404, "There is no cart to pay for.");
    const { code, error, fatal } = parsed.data;
    const cart = await carts.view(token);
    const method = payPalMethod(cart.paymentMethods.find((m) => m.id === cart.paymentMethodId)?.technicalName ?? "");
    const known = (PAYPAL_ERROR_CODES as readonly string[]).includes(code);
    // A code from PayPal's error body (an API issue) is looked up as such; an unknown one is generic.
    await payments.checkout.setNotice(token, messageKeyFor(known ? code : "GENERIC_ERROR", { method: method?.funding, issue: known ? undefined : code }));
    if (fatal && method) await payments.checkout.addFatal(token, method.technicalName);
    const log = code === "USER_CANCELLED" || code === "EXPRESS_USER_CANCELLED" ? logger.info : logger.warn;
    log.call(logger, "paypal: error in the browser", { code, fatal, method: method?.technicalName, error: error.slice(0, 300) });
    return c.body(null, 204, PRIVATE);
  });

  // Pay upon invoice's polling (spec §4): 417 while Ratepay decides, 200 with the instructions, 404 for
  // anyone's transaction but the caller's (a login or guest session is required), 409/502 on failure.
  app.get(routePattern("frontend.paypal.pui.payment_instructions"), async (c) => {
    const pui = payUponInvoice(services);
    if (!pui) return errorResponse(c, 404, "PayPal is not available in this shop.");
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    if (!customer) return errorResponse(c, 404, "This payment does not exist.");
    const outcome = await (await pui).poll(c.req.param("transactionId") ?? "", customer.id);
    if (outcome.status === 200) return c.json({ instructions: outcome.instructions }, 200, PRIVATE);
    if (outcome.status === 417) return c.body(null, 417, PRIVATE);
    if (outcome.status === 404) return errorResponse(c, 404, "This payment does not exist.");
    return errorResponse(c, outcome.status, "The payment on invoice was not accepted.");
  });

  registerExpressEndpoints(app, services);
}

const ExpressPrepareCartBody = z.object(
  {
    paymentMethodId: z.uuid("must be a payment method id").optional(),
    deleteCart: z.boolean("must be true or false").default(false),
  },
  { message: 'must be a JSON object like {"deleteCart": true}' },
);
const ExpressPrepareCheckoutBody = z.object(
  { token: z.string().regex(/^[A-Z0-9-]{1,64}$/i, "must be the PayPal order id the button received") },
  { message: 'must be a JSON object like {"token": "…"}' },
);

/**
 * Express checkout (reference §2.1, spec §7): `prepare_cart` `{paymentMethodId?, deleteCart}` → 204;
 * `express.create_order` → `{token}`; `express.prepare_checkout` `{token}` (the approved PayPal order)
 * → `{redirectUrl}`, the payer signed in (a guest made from PayPal's data, or the session's customer).
 */
function registerExpressEndpoints(app: Hono<AppEnv>, services: AppServices) {
  const { payments, customers, cart: carts, db, catalog, logger } = services;
  const paypal = payments.paypal;
  const express =
    paypal &&
    createPayPalExpress({ db, channel: catalog.channel, carts, customers, checkout: paypal.checkout, client: paypal.connection.client, store: payments.checkout, logger });
  const refused = (c: Context) =>
    !isXhr(c) ? errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.") : errorResponse(c, 404, "PayPal is not available in this shop.");
  const cartToken = (c: Context) => readToken(c.req.header("cookie"), CART_COOKIE);
  const sessionToken = (c: Context) => readToken(c.req.header("cookie"), SESSION_COOKIE);

  app.post(routePattern("frontend.paypal.express.prepare_cart"), async (c) => {
    if (!isXhr(c) || !express) return refused(c);
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = ExpressPrepareCartBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const result = await express.prepareCart({ cartToken: cartToken(c), ...parsed.data });
    if (!result.ok) return errorResponse(c, result.status, result.message);
    if (result.created) c.header("Set-Cookie", tokenCookie(CART_COOKIE, result.token, CART_COOKIE_DAYS, isSecureRequest(c.req.raw)));
    return c.body(null, 204, PRIVATE);
  });

  app.post(routePattern("frontend.paypal.express.create_order"), async (c) => {
    if (!isXhr(c) || !express) return refused(c);
    const customer = await customers.fromSession(sessionToken(c));
    const result = await express.createExpressOrder({ cartToken: cartToken(c), customerId: customer?.id ?? null });
    if (!result.ok) return errorResponse(c, result.status, result.message);
    return c.json({ token: result.token }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.paypal.express.prepare_checkout"), async (c) => {
    if (!isXhr(c) || !express) return refused(c);
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = ExpressPrepareCheckoutBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, `token: ${describeIssues(parsed.error)}`);
    const result = await express.prepareCheckout({
      cartToken: cartToken(c),
      sessionToken: sessionToken(c),
      paypalOrderId: parsed.data.token,
      clientIp: clientIp(c, services.config.trustProxy),
    });
    if (!result.ok) return errorResponse(c, result.status, result.message);
    if (result.sessionToken) c.header("Set-Cookie", tokenCookie(SESSION_COOKIE, result.sessionToken, SESSION_COOKIE_DAYS, isSecureRequest(c.req.raw)));
    return c.json({ redirectUrl: result.redirectUrl }, 200, PRIVATE);
  });
}

/**
 * PayPal's webhook (reference §2.1): the URL carries the shop's token, and the event's signature is
 * verified through PayPal's verify endpoint. 200 for every genuine event (unknown types too, so PayPal
 * stops sending them); 400 when the signature does not hold or the event could not be applied, so a
 * genuine one is sent again.
 */
export function registerPayPalWebhook(app: Hono<AppEnv>, { payments, config, logger }: Pick<AppServices, "payments" | "config" | "logger">) {
  app.post(PAYPAL_WEBHOOK_PATH, async (c) => {
    const paypal = payments.paypal;
    if (!paypal) return errorResponse(c, 404, "PayPal is not available in this shop.");
    if (!isPayPalWebhookToken(c.req.query("token"), config.sessionSecret)) return errorResponse(c, 401, "This webhook URL's token is not the shop's.");
    const webhookId = paypal.connection.settings.webhookId;
    if (!webhookId) return errorResponse(c, 503, "The shop has no PayPal webhook id (PAYPAL_WEBHOOK_ID) to verify events with.");
    const rawBody = await c.req.text();
    const event = await verifyWebhook(paypal.connection.client, { headers: c.req.raw.headers, webhookId, rawBody }).catch((error: unknown) => {
      logger.warn("paypal webhook: verification failed", { error: String(error) });
      return null;
    });
    if (!event) return errorResponse(c, 400, "The event's signature could not be verified.");
    try {
      const outcome = await paypal.checkout.applyWebhook(event);
      return c.json({ outcome }, 200);
    } catch (error) {
      logger.error("paypal webhook: the event could not be applied", { eventId: event.id, type: event.event_type, error: String(error) });
      return errorResponse(c, 400, "The event could not be applied; send it again.");
    }
  });
}
