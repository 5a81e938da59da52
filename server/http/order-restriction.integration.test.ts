import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MAX_ORDER_QUANTITY } from "../../seed/demo-purchase-options";
import { createApp } from "../app";
import { decodeNotices } from "../cart/notices";
import type { CartView } from "../cart/types";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices } from "../services";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE } from "../visitor";

const BASE = "http://shop.test";
/** The demo's limited product (seed/demo-purchase-options.ts). */
const CAMERA_MAX = DEMO_MAX_ORDER_QUANTITY["instant-camera"]!;

describe.each(availableBackends())("GET /orderRestriction/add/cart/ on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let camera: string;
  let balls: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-order-restriction-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    const services = await createServices(config, createLogger("silent"), database.handle);
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
    const numberOf = async (slug: string) =>
      (
        await queryRows<{ product_number: string }>(
          database.handle.db,
          sql`select v.product_number from product p join product_variant v on v.product_id = p.id
              where p.slug = ${slug} and v.active and v.min_purchase = 1 and v.purchase_step = 1 order by v.position limit 1`,
        )
      )[0]!.product_number;
    camera = await numberOf("instant-camera");
    balls = await numberOf("tennis-balls");
  });
  afterAll(async () => database?.close());

  const add = (query: string, cookie?: string) =>
    app.request(`${BASE}/orderRestriction/add/cart/?${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const cookieOf = (response: Response) => {
    const match = new RegExp(`${CART_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "");
    return match ? `${CART_COOKIE}=${match[1]}` : undefined;
  };
  const cartOf = async (cookie: string) =>
    ((await (await app.request(`${BASE}/checkout/offcanvas`, { headers: { Cookie: cookie } })).json()) as { cart: CartView }).cart;
  const landing = (response: Response) => {
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/checkout/cart/");
    return decodeNotices(location.searchParams.get("notices"));
  };

  it("adds the product by its number and ends on the cart page with the message", async () => {
    const response = await add(`articleNumber=${encodeURIComponent(balls.toLowerCase())}&quantity=3`);
    expect(landing(response)[0]).toMatchObject({ code: "added", quantity: 3 });
    const cookie = cookieOf(response)!;
    const cart = await cartOf(cookie);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({ quantity: 3 });
  });

  it("keeps the product's maximum order quantity: past it nothing is added and the cart page says why", async () => {
    const first = await add(`articleNumber=${encodeURIComponent(camera)}&quantity=${CAMERA_MAX}`);
    expect(landing(first)[0]).toMatchObject({ code: "added", quantity: CAMERA_MAX });
    const cookie = cookieOf(first)!;
    const over = await add(`articleNumber=${encodeURIComponent(camera)}&quantity=1`, cookie);
    expect(landing(over)).toEqual([{ code: "order-limit", name: "Instant Camera", max: CAMERA_MAX, inCart: CAMERA_MAX }]);
    expect((await cartOf(cookie)).lineItems[0]).toMatchObject({ quantity: CAMERA_MAX });
  });

  it("sends an unknown number to the cart page with 'not found' and creates no cart", async () => {
    const response = await add("articleNumber=NO-SUCH-NUMBER&quantity=1");
    expect(landing(response)).toEqual([{ code: "product-not-found" }]);
    expect(cookieOf(response)).toBeUndefined();
  });

  it("answers a missing or malformed parameter with 400 JSON and leaves the cart as it was", async () => {
    const first = await add(`articleNumber=${encodeURIComponent(balls)}&quantity=1`);
    const cookie = cookieOf(first)!;
    const cases: [string, RegExp][] = [
      ["quantity=1", /^articleNumber: give the product number once/],
      [`articleNumber=${balls}`, /^quantity: give the quantity once/],
      [`articleNumber=${balls}&quantity=two`, /^quantity: must be a whole number/],
      [`articleNumber=${balls}&quantity=1.5`, /^quantity: must be a whole number/],
      [`articleNumber=${balls}&quantity=0`, /^quantity: must be at least 1/],
      [`articleNumber=${balls}&quantity=99999999`, /^quantity: must be at most/],
      [`articleNumber=&quantity=1`, /^articleNumber: give the product number/],
      [`articleNumber=${"x".repeat(65)}&quantity=1`, /^articleNumber: has at most 64 characters/],
      [`articleNumber=a%00b&quantity=1`, /^articleNumber: holds characters that are not allowed/],
      [`articleNumber=${balls}&articleNumber=${balls}&quantity=1`, /^articleNumber: give the product number once/],
    ];
    for (const [query, message] of cases) {
      const response = await add(query, cookie);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = (await response.json()) as { errors: { status: number; message: string }[] };
      expect(body.errors[0]!.status).toBe(400);
      expect(body.errors[0]!.message, query).toMatch(message);
    }
    const cart = await cartOf(cookie);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({ quantity: 1 });
  });
});
