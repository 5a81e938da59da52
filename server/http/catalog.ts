import type { Hono } from "hono";
import { z } from "zod";
import { routeNames, routePattern } from "../../kernel/route-names";
import type { AppEnv } from "./env";
import type { MenuLevel, ProductBox } from "../catalog/types";
import type { AppServices } from "../services";
import { describeIssues, errorResponse, isXhr } from "./errors";
import { CACHE_CONTROL } from "./cache-control";

const MAX_OPTION_GROUPS = 20;

const MenuQuery = z.object({
  navigationId: z.uuid({ message: "must be a category id" }).optional(),
});

const optionMap = z
  .record(z.uuid({ message: "must be a property group id" }), z.uuid({ message: "must be an option id" }))
  .refine((map) => Object.keys(map).length <= MAX_OPTION_GROUPS, `at most ${MAX_OPTION_GROUPS} options`);

const SwitchQuery = z.object({
  productId: z.uuid({ message: "must be a product id" }),
  switched: z.uuid({ message: "must be an option id" }).optional(),
  options: optionMap,
});

/** `options` arrives as JSON (the configurator script) or as `options[groupId]` fields (a plain form). */
function readOptions(query: Record<string, string>): unknown {
  if (query.options !== undefined) {
    if (query.options.length > 4096) return "too long";
    try {
      return JSON.parse(query.options);
    } catch {
      return "not JSON";
    }
  }
  const fromFields: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^options\[(.+)\]$/.exec(key);
    if (match?.[1]) fromFields[match[1]] = value;
  }
  return fromFields;
}

const CrossSellingParam = z.object({ crossSellingId: z.uuid() });

/** `frontend.product.cross-selling`: the product boxes of a category's cross-selling tab. */
export interface CrossSellingAnswer {
  products: ProductBox[];
}

export function registerCatalogEndpoints(app: Hono<AppEnv>, { catalog }: AppServices) {
  app.get(routeNames["frontend.menu.offcanvas"], async (c) => {
    const parsed = MenuQuery.safeParse(c.req.query());
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const categories = await catalog.categories();
    const id = parsed.data.navigationId;
    const current = id ? categories.find((cat) => cat.id === id) : undefined;
    if (id && !current) return errorResponse(c, 404, "This category does not exist.");
    const level: MenuLevel = {
      current: current ? { id: current.id, name: current.name, url: current.url } : null,
      parentId: current?.parentId ?? null,
      items: categories
        .filter((cat) => cat.parentId === (current?.id ?? null))
        .map((cat) => ({
          id: cat.id,
          name: cat.name,
          url: cat.url,
          hasChildren: categories.some((child) => child.parentId === cat.id),
        })),
    };
    return c.json(level, 200, { "Cache-Control": CACHE_CONTROL.catalog });
  });

  app.get(routePattern("frontend.product.cross-selling"), async (c) => {
    const parsed = CrossSellingParam.safeParse(c.req.param());
    if (!parsed.success) return errorResponse(c, 404, "This list of products does not exist.");
    const products = await catalog.categoryCrossSelling(parsed.data.crossSellingId);
    if (!products) return errorResponse(c, 404, "This list of products does not exist.");
    return c.json<CrossSellingAnswer>({ products }, 200, { "Cache-Control": CACHE_CONTROL.catalog });
  });

  app.get(routePattern("frontend.detail.switch"), async (c) => {
    const query = c.req.query();
    const parsed = SwitchQuery.safeParse({
      productId: c.req.param("productId"),
      switched: query.switched || undefined,
      options: readOptions(query),
    });
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const { productId, switched, options } = parsed.data;
    const variant = await catalog.switchVariant(productId, Object.values(options), switched);
    if (!variant) return errorResponse(c, 404, "This product does not exist.");
    const url = await catalog.detailUrl(variant.id);
    if (isXhr(c)) return c.json({ url, productId: variant.id });
    return c.redirect(url, 303);
  });
}
