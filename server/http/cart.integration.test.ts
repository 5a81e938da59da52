import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { decodeNotices } from "../cart/notices";
import type { CartChangeResult, CartWidgetView } from "../cart/types";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices } from "../services";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE } from "../visitor";

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };

describe.each(availableBackends())("cart endpoints on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let variant: { id: string; gross: number; name: string };

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-cart-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    const services = await createServices(config, createLogger("silent"), database.handle);
    // Pages are not under test here: the cart endpoints answer before React Router.
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
    const [row] = await queryRows<{ id: string; gross: number; name: string }>(
      database.handle.db,
      sql`select v.id, pr.gross, p.name from product_variant v join product p on p.id = v.product_id
          join price pr on pr.variant_id = v.id and pr.quantity_start = 1
          where v.stock >= 20 and v.min_purchase = 1 and v.purchase_step = 1 and v.max_purchase >= 20
            and not p.free_shipping and pr.gross < 2000
            and not exists (select 1 from price g where g.variant_id = v.id and g.quantity_start > 1)
          order by v.product_number limit 1`,
    );
    variant = row!;
  });
  afterAll(async () => database?.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(BASE + url, {
      method: "POST",
      body: form(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, ...headers },
    });
  const cookieOf = (response: Response) => {
    const header = response.headers.get("set-cookie") ?? "";
    const match = new RegExp(`${CART_COOKIE}=([^;]+)`).exec(header);
    return match ? `${CART_COOKIE}=${match[1]}` : undefined;
  };
  async function newCart(quantity = 1) {
    const response = await post(
      "/checkout/line-item/add",
      { variantId: variant.id, quantity: String(quantity), redirectTo: "frontend.cart.offcanvas" },
      xhr,
    );
    expect(response.status).toBe(200);
    return { cookie: cookieOf(response)!, body: (await response.json()) as CartChangeResult };
  }

  it("answers the widget with 204 without a cart and without a cookie being set", async () => {
    const response = await app.request(`${BASE}/widgets/checkout/info`, { headers: xhr });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("adds to a new cart: an HttpOnly cookie, the panel's JSON, and the widget's count and total", async () => {
    const response = await post(
      "/checkout/line-item/add",
      { variantId: variant.id, quantity: "2", redirectTo: "frontend.cart.offcanvas" },
      xhr,
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const { cart, notices } = (await response.json()) as CartChangeResult;
    expect(notices).toEqual([{ code: "added", name: variant.name, quantity: 2 }]);
    expect(cart.itemCount).toBe(2);
    expect(cart.lineItems[0]!.totalGross).toBe(2 * variant.gross);

    const widget = await app.request(`${BASE}/widgets/checkout/info`, { headers: { ...xhr, Cookie: cookieOf(response)! } });
    expect(widget.status).toBe(200);
    expect((await widget.json()) as CartWidgetView).toEqual({ itemCount: 2, grossTotal: cart.totals.grossTotal, currency: "EUR" });

    // The widget is reused per cart revision: the next change shows at once.
    const cookie = cookieOf(response)!;
    await post("/checkout/line-item/add", { variantId: variant.id, quantity: "1", redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
    const after = await app.request(`${BASE}/widgets/checkout/info`, { headers: { ...xhr, Cookie: cookie } });
    expect(((await after.json()) as CartWidgetView).itemCount).toBe(3);
    const lineId = cart.lineItems[0]!.id;
    await post(`/checkout/line-item/delete/${lineId}`, { redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
    expect((await app.request(`${BASE}/widgets/checkout/info`, { headers: { ...xhr, Cookie: cookie } })).status).toBe(204);
  });

  it("ignores a price and quantity limits sent by the client", async () => {
    const response = await post(
      "/checkout/line-item/add",
      { variantId: variant.id, quantity: "1", price: "1", unitGross: "1", redirectTo: "frontend.cart.offcanvas" },
      xhr,
    );
    const { cart } = (await response.json()) as CartChangeResult;
    expect(cart.lineItems[0]!.unitGross).toBe(variant.gross);
    const { cookie } = await newCart();
    const lineId = cart.lineItems[0]!.id;
    const tooMany = await post(`/checkout/line-item/change-quantity/${lineId}`, { quantity: "9999", redirectTo: "frontend.cart.offcanvas" }, {
      ...xhr,
      Cookie: cookieOf(response)!,
    });
    const changed = (await tooMany.json()) as CartChangeResult;
    expect(changed.notices[0]).toMatchObject({ code: "quantity-adjusted" });
    expect(changed.cart.lineItems[0]!.quantity).toBe(changed.cart.lineItems[0]!.maxPurchase);
    expect(cookie).not.toBe(cookieOf(response));
  });

  it("keeps another visitor's cart out of reach: a line item id of another cart changes nothing", async () => {
    const owner = await newCart(3);
    const intruder = await newCart(1);
    const ownersLine = owner.body.cart.lineItems[0]!.id;
    for (const url of [`/checkout/line-item/change-quantity/${ownersLine}`, `/checkout/line-item/delete/${ownersLine}`]) {
      const response = await post(url, { quantity: "1", redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: intruder.cookie });
      const body = (await response.json()) as CartChangeResult;
      expect(body.notices).toEqual([{ code: "line-item-not-found" }]);
      expect(body.cart.lineItems.map((l) => l.id)).not.toContain(ownersLine);
    }
    const ownerView = (await (await app.request(`${BASE}/checkout/offcanvas`, { headers: { ...xhr, Cookie: owner.cookie } })).json()) as CartChangeResult;
    expect(ownerView.cart.lineItems[0]!.quantity).toBe(3);
    // A made-up token finds no cart at all.
    const forged = `${CART_COOKIE}=${"A".repeat(43)}`;
    expect((await app.request(`${BASE}/widgets/checkout/info`, { headers: { ...xhr, Cookie: forged } })).status).toBe(204);
  });

  it("applies promotion codes and explains the ones it cannot", async () => {
    const { cookie, body } = await newCart(2);
    const add = async (code: string) =>
      (await (await post("/checkout/promotion/add", { code, redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie })).json()) as CartChangeResult;
    expect((await add("nope")).notices).toEqual([{ code: "promotion-not-found", promotionCode: "NOPE" }]);
    expect((await add("summer25")).notices).toEqual([{ code: "promotion-expired", promotionCode: "SUMMER25" }]);
    const applied = await add("welcome10");
    expect(applied.notices).toEqual([{ code: "promotion-added", promotionCode: "WELCOME10" }]);
    expect(applied.cart.totals.discountGross).toBe(Math.round(body.cart.totals.positionsGross / 10));
    expect((await add("WELCOME10")).notices).toEqual([{ code: "promotion-already-added", promotionCode: "WELCOME10" }]);
  });

  describe("combining promotion codes (WELCOME10 is exclusive; FIVEOFF and FIRST100 combine)", () => {
    async function cartWithCodes(...codes: string[]) {
      const { cookie, body } = await newCart(2);
      const answers: CartChangeResult[] = [];
      for (const code of codes) {
        const response = await post("/checkout/promotion/add", { code, redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
        expect(response.status).toBe(200);
        answers.push((await response.json()) as CartChangeResult);
      }
      return { cookie, positionsGross: body.cart.totals.positionsGross, answers, last: answers.at(-1)! };
    }
    const applied = (result: CartChangeResult) => result.cart.promotions.filter((p) => p.status === "applied").map((p) => p.code);

    it("refuses any code after an exclusive one, naming the code in its way", async () => {
      const { last, positionsGross } = await cartWithCodes("WELCOME10", "FIVEOFF");
      expect(last.notices).toEqual([{ code: "promotion-not-combinable", promotionCode: "FIVEOFF", blockedBy: "WELCOME10" }]);
      expect(last.cart.promotions.map((p) => p.code)).toEqual(["WELCOME10"]);
      expect(last.cart.totals.discountGross).toBe(Math.round(positionsGross / 10));
    });

    it("refuses an exclusive code after any other", async () => {
      const { last } = await cartWithCodes("FIVEOFF", "WELCOME10");
      expect(last.notices).toEqual([{ code: "promotion-not-combinable", promotionCode: "WELCOME10", blockedBy: "FIVEOFF" }]);
      expect(applied(last)).toEqual(["FIVEOFF"]);
      expect(last.cart.totals.discountGross).toBe(500);
    });

    it("applies codes that combine together", async () => {
      const { answers, last, positionsGross } = await cartWithCodes("FIVEOFF", "FIRST100");
      expect(answers.map((a) => a.notices)).toEqual([
        [{ code: "promotion-added", promotionCode: "FIVEOFF" }],
        [{ code: "promotion-added", promotionCode: "FIRST100" }],
      ]);
      expect(applied(last)).toEqual(["FIVEOFF", "FIRST100"]);
      expect(last.cart.totals.discountGross).toBe(500 + Math.round(((positionsGross - 500) * 1500) / 10000));
    });

    it("gives one discount for the three codes that took a third off one cart", async () => {
      const { answers, last, positionsGross } = await cartWithCodes("WELCOME10", "FIVEOFF", "FIRST100");
      expect(answers.flatMap((a) => a.notices.map((n) => n.code))).toEqual(["promotion-added", "promotion-not-combinable", "promotion-not-combinable"]);
      expect(applied(last)).toEqual(["WELCOME10"]);
      expect(last.cart.totals.discountGross).toBe(Math.round(positionsGross / 10));
    });

    it("explains the refusal on the cart page after a plain form post", async () => {
      const { cookie } = await cartWithCodes("WELCOME10");
      const response = await post("/checkout/promotion/add", { code: "fiveoff", redirectTo: "frontend.checkout.cart.page" }, { Cookie: cookie });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!, BASE);
      expect(decodeNotices(location.searchParams.get("notices"))).toEqual([
        { code: "promotion-not-combinable", promotionCode: "FIVEOFF", blockedBy: "WELCOME10" },
      ]);
    });
  });

  it("changes the shipping method and its cost", async () => {
    const { cookie, body } = await newCart(1);
    const express = body.cart.shippingMethods.find((m) => m.name === "Express")!;
    const response = await post("/checkout/configure", { shippingMethodId: express.id, redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
    const { cart } = (await response.json()) as CartChangeResult;
    expect(cart.shippingMethodId).toBe(express.id);
    expect(cart.totals.shippingGross).toBe(1290);
    expect(cart.totals.grossTotal).toBe(cart.totals.positionsGross + 1290);
  });

  it("ends a plain form post on the cart page with the notices in the address", async () => {
    const response = await post("/checkout/line-item/add", { variantId: variant.id, quantity: "1", redirectTo: "frontend.checkout.cart.page" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/checkout/cart");
    expect(decodeNotices(location.searchParams.get("notices"))).toEqual([{ code: "added", name: variant.name, quantity: 1 }]);
    expect(cookieOf(response)).toBeDefined();
  });

  it("refuses malformed bodies with a 4xx and a readable message", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ["/checkout/line-item/add", { variantId: "not-an-id", quantity: "1" }, 400],
      ["/checkout/line-item/add", { variantId: variant.id, quantity: "-3" }, 400],
      ["/checkout/line-item/add", { variantId: variant.id, quantity: "1.5" }, 400],
      ["/checkout/line-item/add", { variantId: variant.id, redirectTo: "https://evil.example" }, 400],
      ["/checkout/promotion/add", { code: "   " }, 400],
      ["/checkout/configure", {}, 400],
      ["/checkout/line-item/change-quantity/not-a-uuid", { quantity: "1" }, 404],
    ];
    for (const [url, fields, status] of cases) {
      const response = await post(url, fields, xhr);
      expect(response.status, `${url} ${JSON.stringify(fields)}`).toBe(status);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]!.message.length).toBeGreaterThan(5);
    }
    const json = await app.request(`${BASE}/checkout/line-item/add`, {
      method: "POST",
      body: JSON.stringify({ variantId: variant.id }),
      headers: { ...xhr, "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
  });

  it("refuses a cart change from another site (CSRF)", async () => {
    const response = await post("/checkout/line-item/add", { variantId: variant.id }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
