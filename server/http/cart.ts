import type { Context, Hono } from "hono";
import { z } from "zod";
import { PROMOTION_CODE_MAX_LENGTH } from "../../kernel/constants";
import type { AppEnv } from "./env";
import { encodeNotices, NOTICES_PARAM } from "../cart/notices";
import type { CartChange } from "../cart/service-types";
import { plainText } from "../forms/text";
import type { AppServices } from "../services";
import { CART_COOKIE, CART_COOKIE_DAYS, isSecureRequest, readToken, tokenCookie } from "../visitor";
import { describeIssues, errorResponse, isXhr } from "./errors";
import { routeNames, routePattern, type RouteName } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { PRODUCT_NUMBER_MAX_LENGTH, variantIdByNumber } from "../catalog/variant-by-number";

/** Where a cart change may end without JavaScript: a page of ours, never a URL from the request. */
const PAGE_TARGETS = {
  "frontend.cart.offcanvas": routeNames["frontend.checkout.cart.page"],
  "frontend.checkout.cart.page": routeNames["frontend.checkout.cart.page"],
  "frontend.checkout.confirm.page": routeNames["frontend.checkout.confirm.page"],
} as const;

const MAX_QUANTITY = 10_000;

const redirectTo = z.enum(Object.keys(PAGE_TARGETS) as [keyof typeof PAGE_TARGETS]).default("frontend.checkout.cart.page");
const quantity = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);
const id = (what: string) => z.uuid({ message: `must be a ${what} id` });

/** The buy box's "One-time purchase" radio sends an empty value. */
const subscriptionPlanId = z
  .union([z.literal(""), id("subscription plan")])
  .optional()
  .transform((value) => value || null);
const AddBody = z.object({ variantId: id("product"), quantity: quantity.default(1), subscriptionPlanId, redirectTo });

/**
 * Where an add refused by a product's maximum order quantity ends, with or without JavaScript: the
 * extensions spec names this path (with its slash) for the redirect after a restricted add to cart.
 */
export const RESTRICTED_ADD_PATH = `${routeNames["frontend.checkout.cart.page"]}/`;

const AllowanceQuery = z.object({
  qty: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`),
  productId: id("product"),
});
/** `/orderRestriction/add/cart/`: both parameters are required, once each. */
const OrderRestrictionQuery = z.object({
  articleNumber: plainText({ typeMessage: "give the product number once", message: "holds characters that are not allowed" })
    .min(1, "give the product number")
    .max(PRODUCT_NUMBER_MAX_LENGTH, `has at most ${PRODUCT_NUMBER_MAX_LENGTH} characters`),
  quantity: z
    .string({ message: "give the quantity once" })
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be at least 1").max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`)),
});
const QuantityBody = z.object({ quantity, redirectTo });
const RedirectBody = z.object({ redirectTo });
const PromotionBody = z.object({
  code: plainText().min(1, "enter a promotion code").max(PROMOTION_CODE_MAX_LENGTH, "is too long"),
  redirectTo,
});
const ConfigureBody = z
  .object({ shippingMethodId: id("shipping method").optional(), paymentMethodId: id("payment method").optional(), redirectTo })
  .refine((body) => body.shippingMethodId || body.paymentMethodId, "choose a shipping or payment method");

const NO_STORE = { "Cache-Control": CACHE_CONTROL.personal };

const cartToken = (c: Context) => readToken(c.req.header("cookie"), CART_COOKIE);

/** Form fields (urlencoded or multipart) as strings; files and repeated fields are refused by the schema. */
async function formFields(c: Context): Promise<Record<string, unknown> | null> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  try {
    return await c.req.parseBody();
  } catch {
    return null;
  }
}

/**
 * Cart endpoints of spec §7 (`frontend.checkout.info`, `frontend.cart.offcanvas` and the line-item,
 * promotion and configure forms). Scripts (X-Requested-With) get the cart as JSON; a plain form post
 * ends by 303 on the cart page or checkout, with the notices in the address.
 */
export function registerCartEndpoints(app: Hono<AppEnv>, { cart, db }: AppServices) {
  function respond(c: Context, change: CartChange, target: keyof typeof PAGE_TARGETS) {
    if (change.created) c.header("Set-Cookie", tokenCookie(CART_COOKIE, change.token, CART_COOKIE_DAYS, isSecureRequest(c.req.raw)));
    const notices = change.result.notices;
    const withNotices = (path: string) => path + (notices.length ? `?${NOTICES_PARAM}=${encodeNotices(notices)}` : "");
    const restricted = notices.some((notice) => notice.code === "order-limit");
    if (isXhr(c)) return c.json(restricted ? { ...change.result, redirect: withNotices(RESTRICTED_ADD_PATH) } : change.result, 200, NO_STORE);
    return c.redirect(withNotices(restricted ? RESTRICTED_ADD_PATH : PAGE_TARGETS[target]), 303);
  }

  function formEndpoint<S extends z.ZodType<{ redirectTo: keyof typeof PAGE_TARGETS }>>(
    name: RouteName,
    schema: S,
    run: (token: string | undefined, body: z.infer<S>, param: string | undefined) => Promise<CartChange>,
  ) {
    app.post(routePattern(name), async (c) => {
      const param = c.req.param("id");
      if (param !== undefined && !z.uuid().safeParse(param).success) return errorResponse(c, 404, "This cart entry does not exist.");
      const fields = await formFields(c);
      if (!fields) return errorResponse(c, 415, "Send the form as form data (application/x-www-form-urlencoded or multipart/form-data).");
      const parsed = schema.safeParse(fields);
      if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
      return respond(c, await run(cartToken(c), parsed.data, param), parsed.data.redirectTo);
    });
  }

  app.get(routeNames["frontend.checkout.info"], async (c) => {
    const widget = await cart.widget(cartToken(c));
    if (!widget) return c.body(null, 204, NO_STORE);
    return c.json(widget, 200, NO_STORE);
  });

  app.get(routeNames["frontend.cart.offcanvas"], async (c) =>
    c.json({ cart: await cart.view(cartToken(c)), notices: [] }, 200, NO_STORE),
  );

  formEndpoint("frontend.checkout.line-item.add", AddBody, (token, body) =>
    cart.addLineItem(token, { variantId: body.variantId, quantity: body.quantity, subscriptionPlanId: body.subscriptionPlanId }),
  );

  app.get(routeNames["frontend.kit.restrict.quantity"], async (c) => {
    const parsed = AllowanceQuery.safeParse({ qty: c.req.query("qty"), productId: c.req.query("productId") });
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const allowance = await cart.orderAllowance(cartToken(c), parsed.data.productId, parsed.data.qty);
    if (!allowance) return errorResponse(c, 404, "This product does not exist.");
    return c.json(allowance, 200, NO_STORE);
  });
  app.get(routeNames["frontend.order-restriction.add"], async (c) => {
    const query = c.req.queries();
    const single = (name: string) => (query[name]?.length === 1 ? query[name][0] : undefined);
    const parsed = OrderRestrictionQuery.safeParse({ articleNumber: single("articleNumber"), quantity: single("quantity") });
    if (!parsed.success) return c.json({ errors: [{ status: 400, message: describeIssues(parsed.error) }] }, 400, NO_STORE);
    const variantId = await variantIdByNumber(db, parsed.data.articleNumber);
    if (!variantId) {
      // Nothing changes (no cart is created): the cart page tells the shopper the product does not exist.
      return c.redirect(`${RESTRICTED_ADD_PATH}?${NOTICES_PARAM}=${encodeNotices([{ code: "product-not-found" }])}`, 303);
    }
    const change = await cart.addLineItem(cartToken(c), { variantId, quantity: parsed.data.quantity });
    if (change.created) c.header("Set-Cookie", tokenCookie(CART_COOKIE, change.token, CART_COOKIE_DAYS, isSecureRequest(c.req.raw)));
    c.header("Cache-Control", CACHE_CONTROL.personal);
    const notices = change.result.notices;
    return c.redirect(RESTRICTED_ADD_PATH + (notices.length ? `?${NOTICES_PARAM}=${encodeNotices(notices)}` : ""), 303);
  });
  formEndpoint("frontend.checkout.line-item.change-quantity", QuantityBody, (token, body, lineId) =>
    cart.changeQuantity(token, lineId!, body.quantity),
  );
  formEndpoint("frontend.checkout.line-item.delete", RedirectBody, (token, _body, lineId) =>
    cart.removeLineItem(token, lineId!),
  );
  formEndpoint("frontend.checkout.promotion.add", PromotionBody, (token, body) => cart.addPromotion(token, body.code));
  formEndpoint("frontend.checkout.promotion.delete", RedirectBody, (token, _body, promotionId) =>
    cart.removePromotion(token, promotionId!),
  );
  formEndpoint("frontend.checkout.configure", ConfigureBody, (token, body) =>
    cart.configure(token, { shippingMethodId: body.shippingMethodId, paymentMethodId: body.paymentMethodId }),
  );
}
