import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "./env";
import type { ProductBox } from "../catalog/types";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { MAX_WISHLIST_PRODUCTS } from "../wishlist/service";
import { describeIssues, isXhr } from "./errors";
import { readJson } from "./json-body";
import { routePattern } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

/*
 * The wishlist endpoints of spec §7 (reference §12.3, §12.6). Every answer is JSON and private:
 *
 * - GET  frontend.wishlist.product.list          → 200 WishlistListAnswer
 * - POST frontend.wishlist.product.add/{id}      → 200 {success: true} (also when already listed)
 * - POST frontend.wishlist.product.remove/{id}   → 200 {success: true}
 * - POST frontend.wishlist.product.merge         {productIds} → 200 WishlistMergeAnswer
 * - POST frontend.wishlist.product.merge.pagelet → 200 WishlistPageletAnswer (the customer's list)
 * - POST frontend.wishlist.guestPage.pagelet     {productIds} → 200 GuestWishlistPageletAnswer
 *
 * Every failure is 4xx WishlistFailure `{success: false, errors: [{status, message}]}`, the message a
 * sentence for people: 400 bad body or too many ids, 401 not logged in, 403 a checkout guest (their
 * wishlist stays in the browser) or a POST without X-Requested-With, 404 unknown product or (remove)
 * not on the list, 415 not JSON, 422 the list is full. The customer is always the session's: no
 * endpoint takes a customer id. POSTs pass the app's Origin check (csrf.ts) and must carry
 * X-Requested-With, which only our own scripts send (CONTRACT §2) and a cross-site form cannot.
 */

/** `{productId: ISO time of adding}` in the order newest first (keys keep insertion order in JSON). */
export interface WishlistListAnswer {
  products: Record<string, string>;
}

export interface WishlistSuccess {
  success: true;
}

export interface WishlistFailure {
  success: false;
  errors: { status: number; message: string }[];
}

export interface WishlistMergeAnswer extends WishlistListAnswer {
  success: true;
  /** Newly on the customer's list, newest first. */
  added: string[];
  alreadyListed: string[];
  /** Ids the shop does not list (deleted, inactive): drop them from local storage. */
  unknownProductIds: string[];
  /** Known products left out because the list reached MAX_WISHLIST_PRODUCTS. */
  notAddedListFull: string[];
  /** The whole list after the merge (as `frontend.wishlist.product.list` answers it). */
  products: Record<string, string>;
}

export interface WishlistPageletAnswer {
  /** Product boxes, newest first. */
  products: ProductBox[];
}

export interface GuestWishlistPageletAnswer extends WishlistPageletAnswer {
  /** Ids that are not shown (unknown, deleted or inactive products): drop them from local storage. */
  unknownProductIds: string[];
}

const PRIVATE = { "Cache-Control": CACHE_CONTROL.personal, Vary: "Cookie" };

export const WishlistProductParam = z.object({ productId: z.uuid({ message: "must be a product id" }) });

const productIdList = (least: number) =>
  z
    .array(z.unknown(), { message: "must be a list of product ids" })
    .min(least, "is empty: send at least one product id")
    .max(MAX_WISHLIST_PRODUCTS, `holds too many ids: send at most ${MAX_WISHLIST_PRODUCTS} product ids at once`)
    // Checked after the length, so 10,000 bad ids cost one sentence, not 10,000.
    .pipe(z.array(z.uuid({ message: "must be a product id" })));

/** The merge's body (spec §7): the guest's list from local storage, newest first. */
export const WishlistMergeBody = z.object(
  { productIds: productIdList(1) },
  { message: 'must be a JSON object like {"productIds": ["…"]}' },
);

/** The guest pagelet's body (spec §7): the ids of local storage, newest first; an empty list shows the empty page. */
export const GuestPageletBody = z.object(
  { productIds: productIdList(0) },
  { message: 'must be a JSON object like {"productIds": ["…"]}' },
);

const entriesAsMap = (entries: { productId: string; addedAt: string }[]) =>
  Object.fromEntries(entries.map((entry) => [entry.productId, entry.addedAt]));

export function registerWishlistEndpoints(app: Hono<AppEnv>, { customers, wishlist }: Pick<AppServices, "customers" | "wishlist">) {
  const fail = (c: Context, status: ContentfulStatusCode, message: string) =>
    c.json<WishlistFailure>({ success: false, errors: [{ status, message }] }, status, PRIVATE);

  /** The session's customer account, or the answer for a visitor without one. */
  async function account(c: Context): Promise<{ id: string } | Response> {
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    if (!customer) return fail(c, 401, "Please log in to use the wishlist of your customer account.");
    if (customer.guest) {
      return fail(c, 403, "A wishlist is kept in a customer account; without one, it stays in this browser.");
    }
    return customer;
  }

  const notFromOurScript = (c: Context) => fail(c, 403, "This request did not come from our shop's pages, so it was refused.");

  async function productIdsBody<S extends typeof WishlistMergeBody | typeof GuestPageletBody>(c: Context, schema: S) {
    const json = await readJson(c, (status, message) => fail(c, status, message));
    if (!json.ok) return json.response;
    const parsed = schema.safeParse(json.body);
    return parsed.success ? parsed.data : fail(c, 400, describeIssues(parsed.error));
  }

  app.get(routePattern("frontend.wishlist.product.list"), async (c) => {
    const customer = await account(c);
    if (customer instanceof Response) return customer;
    return c.json<WishlistListAnswer>({ products: entriesAsMap(await wishlist.list(customer.id)) }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.wishlist.product.add"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const param = WishlistProductParam.safeParse(c.req.param());
    if (!param.success) return fail(c, 404, "This product does not exist.");
    const customer = await account(c);
    if (customer instanceof Response) return customer;
    const result = await wishlist.add(customer.id, param.data.productId);
    if (result.ok) return c.json<WishlistSuccess>({ success: true }, 200, PRIVATE);
    if (result.reason === "unknown-product") return fail(c, 404, "This product does not exist or is no longer available.");
    if (result.reason === "full") {
      return fail(c, 422, `Your wishlist already holds ${MAX_WISHLIST_PRODUCTS} products, the most it can keep. Please remove one first.`);
    }
    return fail(c, 403, "A wishlist is kept in a customer account; without one, it stays in this browser.");
  });

  app.post(routePattern("frontend.wishlist.product.remove"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const param = WishlistProductParam.safeParse(c.req.param());
    if (!param.success) return fail(c, 404, "This product is not on your wishlist.");
    const customer = await account(c);
    if (customer instanceof Response) return customer;
    const result = await wishlist.remove(customer.id, param.data.productId);
    if (!result.ok) return fail(c, 404, "This product is not on your wishlist.");
    return c.json<WishlistSuccess>({ success: true }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.wishlist.product.merge"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const body = await productIdsBody(c, WishlistMergeBody);
    if (body instanceof Response) return body;
    const customer = await account(c);
    if (customer instanceof Response) return customer;
    const result = await wishlist.merge(customer.id, body.productIds);
    if (!result.ok) return fail(c, 403, "A wishlist is kept in a customer account; without one, it stays in this browser.");
    if (result.added.length === 0 && result.notAddedListFull.length > 0) {
      return fail(c, 422, `Your wishlist already holds ${MAX_WISHLIST_PRODUCTS} products, the most it can keep, so none could be added.`);
    }
    const { added, alreadyListed, unknownProductIds, notAddedListFull } = result;
    const products = entriesAsMap(await wishlist.list(customer.id));
    return c.json<WishlistMergeAnswer>({ success: true, added, alreadyListed, unknownProductIds, notAddedListFull, products }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.wishlist.product.merge.pagelet"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const customer = await account(c);
    if (customer instanceof Response) return customer;
    return c.json<WishlistPageletAnswer>({ products: await wishlist.products(customer.id) }, 200, PRIVATE);
  });

  app.post(routePattern("frontend.wishlist.guestPage.pagelet"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const body = await productIdsBody(c, GuestPageletBody);
    if (body instanceof Response) return body;
    return c.json<GuestWishlistPageletAnswer>(await wishlist.guestPagelet(body.productIds), 200, PRIVATE);
  });
}
