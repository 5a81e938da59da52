import type { Hono } from "hono";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

/**
 * `frontend.tax-info.modal` (spec §7: GET tax-info URL → modal): the shipping and payment information
 * the "plus shipping costs" links open, as JSON the modal renders (DESIGN §1.1). The same for everyone.
 */
export function registerTaxInfoEndpoints(app: Hono<AppEnv>, { shopInfo }: Pick<AppServices, "shopInfo">) {
  app.get(routeNames["frontend.tax-info.modal"], async (c) => {
    c.header("Cache-Control", CACHE_CONTROL.taxInfo);
    return c.json(await shopInfo.shippingAndPayment());
  });
}
