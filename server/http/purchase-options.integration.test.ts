import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MAX_ORDER_QUANTITY } from "../../seed/demo-purchase-options";
import { createApp } from "../app";
import { productBoxes } from "../catalog/listing";
import { decodeNotices } from "../cart/notices";
import type { CartChangeResult } from "../cart/types";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices } from "../services";
import { subscriptionUnitGross } from "../subscription/pricing";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE } from "../visitor";

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };
/** The demo's limited product (seed/demo-purchase-options.ts). */
const CAMERA_MAX = DEMO_MAX_ORDER_QUANTITY["instant-camera"]!;

describe.each(availableBackends())("quantity restriction and subscriptions on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let camera: { product_id: string; variant_id: string };
  let balls: { product_id: string; variant_id: string; gross: number };
  let plans: { id: string; product_slug: string; discount_percent: number }[];

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-restrict-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    const services = await createServices(config, createLogger("silent"), database.handle);
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
    const product = (slug: string) =>
      queryRows<{ product_id: string; variant_id: string; gross: number }>(
        database.handle.db,
        sql`select p.id as product_id, v.id as variant_id, pr.gross from product p join product_variant v on v.product_id = p.id
            join price pr on pr.variant_id = v.id and pr.quantity_start = 1 where p.slug = ${slug} order by v.position limit 1`,
      );
    camera = (await product("instant-camera"))[0]!;
    balls = (await product("tennis-balls"))[0]!;
    plans = await queryRows(
      database.handle.db,
      sql`select sp.id, p.slug as product_slug, sp.discount_percent from subscription_plan sp join product p on p.id = sp.product_id
          order by p.slug, sp.position`,
    );
  });
  afterAll(async () => database?.close());

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(BASE + "/checkout/line-item/add", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, ...headers },
    });
  const cookieOf = (response: Response) => {
    const match = new RegExp(`${CART_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "");
    return `${CART_COOKIE}=${match![1]}`;
  };
  const allowance = (query: string, cookie?: string) =>
    app.request(`${BASE}/kit/restrict/quantity?${query}`, { headers: { ...xhr, ...(cookie ? { Cookie: cookie } : {}) } });

  it("answers addcartcount for a product without anything in the cart, and for one without a limit", async () => {
    const response = await allowance(`qty=2&productId=${camera.product_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(await response.json()).toEqual({ addcartcount: 2, maxOrderQuantity: CAMERA_MAX, inCart: 0 });
    // A variant id names its product too.
    expect(await (await allowance(`qty=${CAMERA_MAX + 2}&productId=${camera.variant_id}`)).json()).toMatchObject({ addcartcount: CAMERA_MAX });
    expect(await (await allowance(`qty=40&productId=${balls.product_id}`)).json()).toEqual({ addcartcount: 40, maxOrderQuantity: null, inCart: 0 });
  });

  it("refuses bad input with a sentence and an unknown product with 404", async () => {
    const bad = await allowance(`qty=two&productId=${camera.product_id}`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toBe("qty: must be a number");
    const zero = await allowance(`qty=0&productId=${camera.product_id}`);
    expect((await zero.json()).errors[0].message).toBe("qty: must be at least 1");
    const noId = await allowance("qty=1");
    expect(noId.status).toBe(400);
    expect((await noId.json()).errors[0].message).toMatch(/^productId: must be a product id/);
    const unknown = await allowance("qty=1&productId=00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0].message).toBe("This product does not exist.");
  });

  it("counts the cart, refuses an add past the maximum and sends the shopper to /checkout/cart/ with the message", async () => {
    const first = await post({ variantId: camera.variant_id, quantity: String(CAMERA_MAX - 1), redirectTo: "frontend.cart.offcanvas" }, xhr);
    const cookie = cookieOf(first);
    expect(((await first.json()) as CartChangeResult).redirect).toBeUndefined();
    expect(await (await allowance(`qty=2&productId=${camera.product_id}`, cookie)).json()).toEqual({
      addcartcount: 1,
      maxOrderQuantity: CAMERA_MAX,
      inCart: CAMERA_MAX - 1,
    });

    // Two more would make CAMERA_MAX + 1: refused as a whole, nothing added.
    const refused = await post({ variantId: camera.variant_id, quantity: "2", redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
    const answer = (await refused.json()) as CartChangeResult;
    expect(answer.notices).toEqual([{ code: "order-limit", name: "Instant Camera", max: CAMERA_MAX, inCart: CAMERA_MAX - 1 }]);
    expect(answer.cart.itemCount).toBe(CAMERA_MAX - 1);
    expect(answer.redirect).toMatch(/^\/checkout\/cart\/\?notices=/);
    expect(decodeNotices(new URL(answer.redirect!, BASE).searchParams.get("notices"))).toEqual(answer.notices);

    // Without JavaScript: the same refusal ends on /checkout/cart/ (whatever redirectTo asked).
    const plain = await post({ variantId: camera.variant_id, quantity: "2", redirectTo: "frontend.checkout.confirm.page" }, { Cookie: cookie });
    expect(plain.status).toBe(303);
    const location = new URL(plain.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/checkout/cart/");
    expect(decodeNotices(location.searchParams.get("notices"))[0]).toMatchObject({ code: "order-limit", max: CAMERA_MAX });

    // Up to the maximum is fine; the line's quantity control then stops there.
    const last = await post({ variantId: camera.variant_id, quantity: "1", redirectTo: "frontend.cart.offcanvas" }, { ...xhr, Cookie: cookie });
    const full = (await last.json()) as CartChangeResult;
    expect(full.notices[0]).toMatchObject({ code: "added", quantity: 1 });
    expect(full.cart.lineItems[0]).toMatchObject({ quantity: CAMERA_MAX, maxPurchase: CAMERA_MAX });
    expect(await (await allowance(`qty=1&productId=${camera.product_id}`, cookie)).json()).toMatchObject({ addcartcount: 0 });

    // Raising the line in the cart is lowered to the maximum with the same message.
    const raised = await app.request(`${BASE}/checkout/line-item/change-quantity/${full.cart.lineItems[0]!.id}`, {
      method: "POST",
      body: new URLSearchParams({ quantity: String(CAMERA_MAX + 2), redirectTo: "frontend.cart.offcanvas" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...xhr, Cookie: cookie },
    });
    const lowered = (await raised.json()) as CartChangeResult;
    expect(lowered.cart.lineItems[0]!.quantity).toBe(CAMERA_MAX);
    expect(lowered.notices[0]).toMatchObject({ code: "order-limit", max: CAMERA_MAX });
  });

  it("keeps a subscription apart from a one-time purchase and prices it with the plan's discount", async () => {
    const plan = plans.find((p) => p.product_slug === "tennis-balls")!;
    const oneTime = await post({ variantId: balls.variant_id, quantity: "1", subscriptionPlanId: "", redirectTo: "frontend.cart.offcanvas" }, xhr);
    const cookie = cookieOf(oneTime);
    const response = await post(
      { variantId: balls.variant_id, quantity: "2", subscriptionPlanId: plan.id, redirectTo: "frontend.cart.offcanvas" },
      { ...xhr, Cookie: cookie },
    );
    const { cart } = (await response.json()) as CartChangeResult;
    expect(cart.lineItems).toHaveLength(2);
    const [single, subscribed] = cart.lineItems;
    expect(single).toMatchObject({ quantity: 1, unitGross: balls.gross, subscription: null });
    const discounted = subscriptionUnitGross(balls.gross, plan.discount_percent);
    expect(discounted).toBeLessThan(balls.gross);
    expect(subscribed).toMatchObject({
      quantity: 2,
      unitGross: discounted,
      totalGross: 2 * discounted,
      subscription: { planId: plan.id, intervalCount: 4, intervalUnit: "week", discountPercent: plan.discount_percent },
    });

    // The same plan again joins its line.
    const again = await post(
      { variantId: balls.variant_id, quantity: "1", subscriptionPlanId: plan.id, redirectTo: "frontend.cart.offcanvas" },
      { ...xhr, Cookie: cookie },
    );
    expect(((await again.json()) as CartChangeResult).cart.lineItems.map((l) => l.quantity)).toEqual([1, 3]);
  });

  it("adds what a product box's subscription form posts at the price the box shows, with and without JavaScript", async () => {
    const productIds = [...new Set((await queryRows<{ product_id: string }>(database.handle.db, sql`select product_id from subscription_plan`)).map((r) => r.product_id))];
    const boxes = await productBoxes(database.handle.db, productIds, "EUR");
    expect(boxes).toHaveLength(productIds.length);
    let cookie: string | undefined;
    for (const box of boxes) {
      expect(box.subscriptionPlans.length, box.name).toBeGreaterThan(0);
      for (const plan of box.subscriptionPlans) {
        // The box's plan form: its variant, one unit, the select's plan.
        const response = await post(
          { variantId: box.variantId, quantity: "1", subscriptionPlanId: plan.id, redirectTo: "frontend.cart.offcanvas" },
          { ...xhr, ...(cookie ? { Cookie: cookie } : {}) },
        );
        cookie ??= cookieOf(response);
        const { cart, notices } = (await response.json()) as CartChangeResult;
        expect(notices[0]).toMatchObject({ code: "added" });
        expect(cart.lineItems.find((line) => line.subscription?.planId === plan.id), `${box.name}: ${plan.id}`).toMatchObject({
          unitGross: plan.unitGross,
          subscription: { intervalCount: plan.intervalCount, intervalUnit: plan.intervalUnit, discountPercent: plan.discountPercent },
        });
      }
    }

    // Without JavaScript the same form ends on the cart page; an id no plan has is refused there.
    const [box] = boxes;
    const plain = await post({ variantId: box!.variantId, quantity: "1", subscriptionPlanId: box!.subscriptionPlans[0]!.id, redirectTo: "frontend.checkout.cart.page" });
    expect(plain.status).toBe(303);
    expect(new URL(plain.headers.get("location")!, BASE).pathname).toBe("/checkout/cart");
    const unknown = await post({ variantId: box!.variantId, quantity: "1", subscriptionPlanId: "00000000-0000-4000-8000-000000000000", redirectTo: "frontend.checkout.cart.page" });
    expect(unknown.status).toBe(303);
    expect(decodeNotices(new URL(unknown.headers.get("location")!, BASE).searchParams.get("notices"))).toEqual([{ code: "plan-unavailable", name: box!.name }]);
  });

  it("refuses a plan of another product and a malformed plan id", async () => {
    const tulips = plans.find((p) => p.product_slug === "potted-tulips")!;
    const response = await post({ variantId: balls.variant_id, quantity: "1", subscriptionPlanId: tulips.id, redirectTo: "frontend.cart.offcanvas" }, xhr);
    const answer = (await response.json()) as CartChangeResult;
    expect(answer.notices).toEqual([{ code: "plan-unavailable", name: "Tennis Balls (3-pack)" }]);
    expect(answer.cart.itemCount).toBe(0);
    const malformed = await post({ variantId: balls.variant_id, subscriptionPlanId: "weekly", redirectTo: "frontend.cart.offcanvas" }, xhr);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors[0].message).toMatch(/^subscriptionPlanId: /);
  });
});
