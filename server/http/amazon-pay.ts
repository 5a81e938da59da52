import type { Context, Hono } from "hono";
import { approvalHold, HELD_FOR_APPROVAL } from "../b2b/approvals/hold";
import { z } from "zod";
import { routeNames, routePattern } from "../../kernel/route-names";
import { AMAZON_PAY_BINDING_PARAM } from "../payment/amazon-pay/button";
import { createAmazonPayIpnHandler } from "../payment/amazon-pay/ipn";
import { AMAZON_PAY_IPN_PATH } from "../payment/providers";
import type { AppServices } from "../services";
import { CART_COOKIE, isSecureRequest, readToken, SESSION_COOKIE, SESSION_COOKIE_DAYS, tokenCookie } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { describeIssues, errorResponse, isXhr } from "./errors";

/*
 * Amazon Pay's storefront endpoints (docs/decisions/0031):
 * - frontend.amazon-pay.checkout-config (POST from our script): the signed checkout session payload for the cart
 * - frontend.amazon-pay.review (GET, Amazon's redirect): the buyer's choice → the confirm page
 * - frontend.amazon-pay.result (GET, Amazon's redirect): the payment completed → the order placed → the finish page
 * Amounts come from the server's cart, never from a request.
 */

const PRIVATE = { "Cache-Control": CACHE_CONTROL.personal, Vary: "Cookie" };
const CONFIRM = routeNames["frontend.checkout.confirm.page"];
const CART = routeNames["frontend.checkout.cart.page"];
const FINISH = routeNames["frontend.checkout.finish.page"];

/** Amazon's checkout session ids are UUID-like; anything longer or stranger is not one. */
const CheckoutSessionId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "must be the amazonCheckoutSessionId Amazon sent");

const ReviewQuery = z.object({
  amazonCheckoutSessionId: CheckoutSessionId,
  [AMAZON_PAY_BINDING_PARAM]: z.string().max(100, "is too long").optional(),
});
const ResultQuery = z.object({ amazonCheckoutSessionId: CheckoutSessionId });

export function registerAmazonPayEndpoints(app: Hono<AppEnv>, services: AppServices) {
  const { payments, customers } = services;
  const cartToken = (c: Context) => readToken(c.req.header("cookie"), CART_COOKIE);
  const sessionToken = (c: Context) => readToken(c.req.header("cookie"), SESSION_COOKIE);
  const notAvailable = (c: Context) => errorResponse(c, 404, "Amazon Pay is not available in this shop.");
  const noStore = (c: Context) => c.header("Cache-Control", CACHE_CONTROL.personal);

  app.post(routePattern("frontend.amazon-pay.checkout-config"), async (c) => {
    if (!isXhr(c)) return errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");
    const amazonPay = payments.amazonPay;
    if (!amazonPay) return notAvailable(c);
    // B2B: an order an approval rule holds takes no money before the approval.
    const customer = await customers.fromSession(sessionToken(c));
    if (await approvalHold(services, customer, await services.cart.view(cartToken(c)))) return errorResponse(c, 409, HELD_FOR_APPROVAL);
    const result = await amazonPay.checkout.checkoutSessionConfig(cartToken(c));
    if (!result.ok) return errorResponse(c, result.status, result.message);
    return c.json(result.config, 200, PRIVATE);
  });

  app.get(routePattern("frontend.amazon-pay.review"), async (c) => {
    noStore(c);
    const amazonPay = payments.amazonPay;
    if (!amazonPay) return notAvailable(c);
    const query = ReviewQuery.safeParse(c.req.query());
    if (!query.success) return errorResponse(c, 400, describeIssues(query.error));
    const result = await amazonPay.checkout.review({
      cartToken: cartToken(c),
      sessionToken: sessionToken(c),
      checkoutSessionId: query.data.amazonCheckoutSessionId,
      binding: query.data[AMAZON_PAY_BINDING_PARAM] ?? null,
      clientIp: clientIp(c, services.config.trustProxy),
    });
    if (!result.ok) {
      // The visitor's own cart gets the reason on the cart page; another browser's visit gets only the error.
      const token = cartToken(c);
      if (result.status === 403 || result.status === 404 || !token) return errorResponse(c, result.status, result.message);
      await payments.checkout.setNotice(token, `payment.amazonPay.review.${result.status}`);
      return c.redirect(CART, 303);
    }
    if (result.sessionToken) c.header("Set-Cookie", tokenCookie(SESSION_COOKIE, result.sessionToken, SESSION_COOKIE_DAYS, isSecureRequest(c.req.raw)));
    return c.redirect(CONFIRM, 303);
  });

  app.get(routePattern("frontend.amazon-pay.result"), async (c) => {
    noStore(c);
    const amazonPay = payments.amazonPay;
    if (!amazonPay) return notAvailable(c);
    const query = ResultQuery.safeParse(c.req.query());
    if (!query.success) return errorResponse(c, 400, describeIssues(query.error));
    const customer = await customers.fromSession(sessionToken(c));
    if (!customer) return errorResponse(c, 403, "This Amazon Pay payment does not belong to your session. Please log in and try again.");
    const token = cartToken(c);
    const result = await amazonPay.checkout.result({ cartToken: token, customerId: customer.id, checkoutSessionId: query.data.amazonCheckoutSessionId });
    if (result.ok) return c.redirect(`${FINISH}?orderId=${encodeURIComponent(result.orderId)}`, 303);
    if ("status" in result) return errorResponse(c, result.status, result.message);
    if ("notice" in result) {
      if (token) await payments.checkout.setNotice(token, result.notice);
      return c.redirect(CONFIRM, 303);
    }
    // The order was refused after the payment was given back: the confirm page shows why.
    if (token) await payments.checkout.setNotice(token, "payment.amazonPay.notPlaced");
    return c.redirect(CONFIRM, 303);
  });
}

/**
 * Amazon Pay's notifications (IPN, reference §3.1): SNS messages whose signature is verified with
 * Amazon's certificate (the double's, for the double), then the object they name is read from Amazon
 * and only its state taken over (ipn.ts). 200 for every genuine message, 502 when Amazon could not be
 * asked (SNS sends it again), 4xx for anything not genuine.
 */
export function registerAmazonPayIpn(app: Hono<AppEnv>, { payments, db, logger }: Pick<AppServices, "payments" | "db" | "logger">) {
  const amazonPay = payments.amazonPay;
  const handler =
    amazonPay &&
    createAmazonPayIpnHandler({
      db,
      operations: payments.operations,
      client: amazonPay.connection.client,
      merchantId: amazonPay.connection.merchantId,
      trustedCertificateOrigin: amazonPay.connection.doubleOrigin,
      logger,
    });
  app.post(AMAZON_PAY_IPN_PATH, async (c) => {
    if (!handler) return errorResponse(c, 404, "Amazon Pay is not available in this shop.");
    const answer = await handler.handle(await c.req.text());
    return answer.status === 200 ? c.json({ outcome: answer.outcome }, 200) : errorResponse(c, answer.status, answer.message);
  });
}
