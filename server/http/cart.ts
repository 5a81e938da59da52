import type { Hono } from "hono";
import { routeNames } from "./route-names";
import type { AppEnv } from "../app";

/**
 * Add to cart, until the cart domain lands: the form's POST ends on the cart page, which says the cart
 * is not open yet (the no-JavaScript path of spec §2). The cart issue replaces this handler.
 */
export function registerCartEndpoints(app: Hono<AppEnv>) {
  app.post(routeNames["frontend.checkout.line-item.add"], (c) => c.redirect(routeNames["frontend.checkout.cart.page"], 303));
}
