import type { Hono } from "hono";
import { z } from "zod";
import { routeNames, routePattern } from "../../kernel/route-names";
import { AmazonPayApiError } from "../payment/amazon-pay/client";
import { AMAZON_SIGN_IN_PARAM, AMAZON_SIGN_IN_STEP, clearedPendingBuyerCookie, createAmazonSignInLinks, pendingBuyerCookie } from "../payment/amazon-pay/sign-in";
import type { AppServices } from "../services";
import { isSecureRequest, readToken, SESSION_COOKIE, SESSION_COOKIE_DAYS, tokenCookie } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import { clientIp } from "./client-ip";
import type { AppEnv } from "./env";
import { describeIssues, errorResponse } from "./errors";

/*
 * frontend.amazon-pay.sign-in (GET, Amazon's return from Sign in with Amazon): the buyer Amazon names
 * (GET buyers/{buyerToken}) is logged in when linked to an account; otherwise the buyer is kept in a
 * signed cookie (server/payment/amazon-pay/sign-in.ts) and sent to enter the account's password once
 * (an account with that email exists) or to register with Amazon's email.
 */

const ACCOUNT = routeNames["frontend.account.home.page"];
const LOGIN = routeNames["frontend.account.login.page"];
const REGISTER = routeNames["frontend.account.register.page"];

const SignInQuery = z.object({
  buyerToken: z
    .string({ error: "is missing: Amazon sends it back after Sign in with Amazon" })
    .min(1, "is missing: Amazon sends it back after Sign in with Amazon")
    .max(512, "is too long")
    .regex(/^[A-Za-z0-9._~-]+$/, "must be the buyerToken Amazon sent"),
});

export function registerAmazonPaySignIn(app: Hono<AppEnv>, services: AppServices) {
  const { payments, customers, config } = services;
  const links = createAmazonSignInLinks(services.db, services.catalog.channel);

  app.get(routePattern("frontend.amazon-pay.sign-in"), async (c) => {
    c.header("Cache-Control", CACHE_CONTROL.personal);
    const amazonPay = payments.amazonPay;
    if (!amazonPay) return errorResponse(c, 404, "Amazon Pay is not available in this shop.");
    const query = SignInQuery.safeParse(c.req.query());
    if (!query.success) return errorResponse(c, 400, describeIssues(query.error));

    let buyer;
    try {
      buyer = await amazonPay.connection.client.getBuyer(query.data.buyerToken);
    } catch (error) {
      if (!(error instanceof AmazonPayApiError)) throw error;
      if (error.status >= 400 && error.status < 500) {
        return errorResponse(c, 400, "Amazon did not confirm this sign-in (it may have expired). Please sign in with Amazon again.");
      }
      return errorResponse(c, 502, "Amazon Pay could not be reached. Please try again in a moment.");
    }
    if (!buyer.email) return errorResponse(c, 422, "Amazon did not share your email address, so we cannot sign you in. Please log in with your password.");

    const request = c.req.raw;
    const linked = await links.linkedCustomerId(buyer.buyerId);
    if (linked) {
      const previousSessionToken = readToken(c.req.header("cookie"), SESSION_COOKIE);
      const session = await customers.loginAs(linked, { previousSessionToken, clientIp: clientIp(c, config.trustProxy) });
      if (session) {
        c.header("Set-Cookie", tokenCookie(SESSION_COOKIE, session.sessionToken, SESSION_COOKIE_DAYS, isSecureRequest(request)), { append: true });
        c.header("Set-Cookie", clearedPendingBuyerCookie(request), { append: true });
        return c.redirect(ACCOUNT, 303);
      }
    }
    const email = buyer.email.toLowerCase();
    c.header("Set-Cookie", pendingBuyerCookie(request, { buyerId: buyer.buyerId, email, name: buyer.name ?? "" }, config.sessionSecret), { append: true });
    const hasAccount = (await links.accountIdByEmail(email)) !== null;
    const next = hasAccount ? `${LOGIN}?${AMAZON_SIGN_IN_PARAM}=${AMAZON_SIGN_IN_STEP.link}` : `${REGISTER}?${AMAZON_SIGN_IN_PARAM}=${AMAZON_SIGN_IN_STEP.register}`;
    return c.redirect(next, 303);
  });
}
