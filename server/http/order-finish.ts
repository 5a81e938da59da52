import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { routeNames } from "../../kernel/route-names";
import { fillFinishText } from "../../kernel/finish-text";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { describeIssues, isXhr } from "./errors";
import { readJson } from "./json-body";

/** The text as the finish page's script receives it: empty when the shop has none. */
export interface FinishTextAnswer {
  text: string;
}

export const FinishTextBody = z.object(
  { orderId: z.uuid({ message: "must be an order id" }) },
  { message: 'must be a JSON object like {"orderId": "…"}' },
);

/*
 * POST frontend.checkout.finish.text, JSON {orderId} (spec extensions §7 "order-finish endpoint"): 200
 * `{text}` with the placeholders filled, for an order of the session's own customer account or guest
 * session; 404 for any other order id, with no session, or an unknown one (the same answer: nothing
 * tells whether an order exists); 400 bad body, 403 not from our scripts, 415 not JSON. Never cached.
 */
export function registerOrderFinishEndpoints(app: Hono<AppEnv>, { customers, orders, settings }: Pick<AppServices, "customers" | "orders" | "settings">) {
  const fail = (c: Context, status: ContentfulStatusCode, message: string) =>
    c.json({ errors: [{ status, message }] }, status, { "Cache-Control": CACHE_CONTROL.noStore });

  app.post(routeNames["frontend.checkout.finish.text"], async (c) => {
    if (!isXhr(c)) return fail(c, 403, "This request did not come from our shop's pages, so it was refused.");
    const json = await readJson(c, (status, message) => fail(c, status, message));
    if (!json.ok) return json.response;
    const body = FinishTextBody.safeParse(json.body);
    if (!body.success) return fail(c, 400, `The request is not valid: ${describeIssues(body.error)}.`);
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    const order = customer ? await orders.findForCustomer(body.data.orderId, customer.id) : null;
    if (!order) return fail(c, 404, "This order does not exist or does not belong to you.");
    const text = fillFinishText(await settings.get("orderFinish.text"), {
      firstName: order.billingAddress.firstName,
      orderNumber: order.orderNumber,
    });
    return c.json<FinishTextAnswer>({ text }, 200, { "Cache-Control": CACHE_CONTROL.noStore });
  });
}
