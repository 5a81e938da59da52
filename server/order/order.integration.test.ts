import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCartService } from "../cart/service";
import { cart, cartPromotion, promotion } from "../cart/tables";
import { productVariant } from "../catalog/tables";
import { country, customer, customerAddress } from "../customer/tables";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { loadSalesChannel } from "../services";
import { subscriptionUnitGross } from "../subscription/pricing";
import { singleUnitVariantId } from "../testing/fixtures";
import { hashToken } from "../visitor";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createOrderService } from "./service";
import type { OrderService } from "./service-types";
import { customerOrder, orderDelivery } from "./tables";
import { ORDER_COMMENT_MAX_LENGTH } from "./types";

describe.each(availableBackends())("placing orders on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let carts: ReturnType<typeof createCartService>;
  let orders: OrderService;
  let mailDir: string;
  let customerId: string;
  let variantId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    carts = createCartService(db, channel);
    mailDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-mail-"));
    const logger = createLogger("silent");
    orders = createOrderService({ db, channel, cart: carts, mailer: createMailer({ mailDir, from: "Shop <shop@test>", logger }), logger });

    const [germany] = await db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
    const [buyer] = await db
      .insert(customer)
      .values({ salesChannelId: channel.id, email: "buyer@example.com", guest: true, firstName: "Ada", lastName: "Lovelace" })
      .returning({ id: customer.id });
    const [address] = await db
      .insert(customerAddress)
      .values({ customerId: buyer!.id, firstName: "Ada", lastName: "Lovelace", street: "Main St 1", zipcode: "10115", city: "Berlin", countryId: germany!.id })
      .returning({ id: customerAddress.id });
    await db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, buyer!.id));
    customerId = buyer!.id;

    variantId = await singleUnitVariantId(db);
  });
  afterAll(async () => database?.close());

  const setStock = (stock: number) => db.update(productVariant).set({ stock }).where(eq(productVariant.id, variantId));
  const stockOf = async () => (await db.select({ stock: productVariant.stock }).from(productVariant).where(eq(productVariant.id, variantId)))[0]!.stock;
  const cartWith = async (quantity: number) => {
    const change = await carts.addLineItem(undefined, { variantId, quantity });
    return { token: change.token, revision: change.result.cart.revision };
  };
  const ordersOfVariant = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_line_item where variant_id = ${variantId}`))[0]!.n;

  it("sells a stock of 10 to exactly 10 of 50 concurrent shoppers and never below zero", async () => {
    await setStock(100);
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await cartWith(1));
    await setStock(10);
    const before = await ordersOfVariant();

    const results = await Promise.all(shoppers.map((s) => orders.place({ cartToken: s.token, revision: s.revision, customerId })));

    const placed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.ok === false && r.errors.map((e) => e.code)).toEqual(["sold-out"]);
    expect(await stockOf()).toBe(0);
    expect((await ordersOfVariant()) - before).toBe(10);
    // The refused shoppers keep their carts.
    const kept = await carts.view(shoppers.find((_, i) => !results[i]!.ok)!.token);
    expect(kept.lineItems).toHaveLength(1);
    expect(kept.lineItems[0]!.issue).toEqual({ code: "sold-out" });
  });

  it("makes one order of the same request sent twice, one after the other and at once", async () => {
    await setStock(50);
    const first = await cartWith(2);
    const a = await orders.place({ cartToken: first.token, revision: first.revision, customerId });
    const b = await orders.place({ cartToken: first.token, revision: first.revision, customerId });
    expect(a.ok && b.ok && a.orderId === b.orderId).toBe(true);

    const second = await cartWith(1);
    const both = await Promise.all([1, 2, 3].map(() => orders.place({ cartToken: second.token, revision: second.revision, customerId })));
    const ids = new Set(both.map((r) => (r.ok ? r.orderId : "failed")));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBe("failed");
    expect(await stockOf()).toBe(50 - 2 - 1);
  });

  it("stores what the shopper saw, empties the cart in the same step and writes the confirmation mail", async () => {
    await setStock(20);
    const { token, revision } = await cartWith(3);
    const seen = await carts.view(token);
    const result = await orders.place({ cartToken: token, revision, customerId, customerComment: "Ring twice" });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.orderNumber).toMatch(/^\d{5,}$/);

    const order = await orders.findForCustomer(result.orderId, customerId);
    expect(order).toMatchObject({ grossTotal: seen.totals.grossTotal, shippingGross: seen.totals.shippingGross, status: "open" });
    expect(order!.lineItems[0]).toMatchObject({ quantity: 3, unitGross: seen.lineItems[0]!.unitGross, totalGross: seen.lineItems[0]!.totalGross });
    expect(order!.billingAddress).toMatchObject({ street: "Main St 1", countryName: "Germany" });
    const [delivery] = await db.select().from(orderDelivery).where(eq(orderDelivery.orderId, result.orderId));
    expect(delivery!.trackingCodes).toEqual([]);
    const [stored] = await db.select({ comment: customerOrder.customerComment }).from(customerOrder).where(eq(customerOrder.id, result.orderId));
    expect(stored!.comment).toBe("Ring twice");

    expect((await carts.view(token)).lineItems).toEqual([]);
    const mail = readdirSync(mailDir).map((f) => readFileSync(path.join(mailDir, f), "utf8")).find((m) => m.includes(result.orderNumber));
    expect(mail).toMatch(/^To: buyer@example\.com$/m);
    expect(mail).toContain(`Subject: Your order ${result.orderNumber}`);
  });

  it(`refuses a comment longer than ${ORDER_COMMENT_MAX_LENGTH} characters, writing no order and keeping the cart and stock`, async () => {
    await setStock(20);
    const { token, revision } = await cartWith(2);
    const before = await ordersOfVariant();
    const result = await orders.place({ cartToken: token, revision, customerId, customerComment: "x".repeat(ORDER_COMMENT_MAX_LENGTH + 1) });
    expect(result).toEqual({ ok: false, errors: [{ code: "comment-too-long", maxLength: ORDER_COMMENT_MAX_LENGTH }] });
    expect(await ordersOfVariant()).toBe(before);
    expect(await stockOf()).toBe(20);
    expect((await carts.view(token)).itemCount).toBe(2);

    // The limit counts the comment without its surrounding white space.
    const padded = ` ${"y".repeat(ORDER_COMMENT_MAX_LENGTH)}\n`;
    expect((await orders.place({ cartToken: token, revision, customerId, customerComment: padded })).ok).toBe(true);
  });

  it("refuses an order for a cart that changed after the confirm page", async () => {
    await setStock(20);
    const { token, revision } = await cartWith(1);
    await carts.addLineItem(token, { variantId, quantity: 1 });
    const result = await orders.place({ cartToken: token, revision, customerId });
    expect(result).toEqual({ ok: false, errors: [{ code: "cart-changed" }] });
    expect((await carts.view(token)).itemCount).toBe(2);
  });

  it("another customer cannot read an order", async () => {
    await setStock(20);
    const { token, revision } = await cartWith(1);
    const result = await orders.place({ cartToken: token, revision, customerId });
    if (!result.ok) throw new Error("order failed");
    expect(await orders.findForCustomer(result.orderId, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("refuses an order whose total changed since the confirm page, keeping the cart", async () => {
    await setStock(20);
    await db.insert(promotion).values({ name: "Only once", code: "ONCE", discountType: "absolute", discountValue: 100, maxUses: 1 });
    const first = await cartWith(1);
    const second = await cartWith(1);
    const firstPromo = await carts.addPromotion(first.token, "once");
    const secondPromo = await carts.addPromotion(second.token, "ONCE");
    expect(firstPromo.result.cart.totals.discountGross).toBe(100);
    const placeFor = (change: typeof firstPromo, token: string) =>
      orders.place({ cartToken: token, revision: change.result.cart.revision, customerId, expectedGrossTotal: change.result.cart.totals.grossTotal });
    expect((await placeFor(firstPromo, first.token)).ok).toBe(true);

    const refused = await placeFor(secondPromo, second.token);
    const now = await carts.view(second.token);
    expect(refused).toEqual({ ok: false, errors: [{ code: "total-changed", grossTotal: now.totals.grossTotal }] });
    expect(now.promotions[0]!.status).toBe("used-up");
    expect(now.itemCount).toBe(1);
  });

  it("lets only one of two concurrent orders use a promotion's last use", async () => {
    await setStock(20);
    await db.insert(promotion).values({ name: "Last one", code: "LASTONE", discountType: "absolute", discountValue: 100, maxUses: 1 });
    const changes = [];
    for (let i = 0; i < 2; i++) {
      const { token } = await cartWith(1);
      changes.push({ token, change: await carts.addPromotion(token, "LASTONE") });
    }
    const results = await Promise.all(
      changes.map(({ token, change }) =>
        orders.place({ cartToken: token, revision: change.result.cart.revision, customerId, expectedGrossTotal: change.result.cart.totals.grossTotal }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.errors[0]!.code).toMatch(/^(promotion-used-up|total-changed)$/);
    const [used] = await db.select({ used: promotion.usedCount }).from(promotion).where(eq(promotion.code, "LASTONE"));
    expect(used!.used).toBe(1);
  });
  it("places an order with only the discount the combination rule allows when a cart holds codes that do not combine", async () => {
    await setStock(20);
    const [alone, extra] = await db
      .insert(promotion)
      .values([
        { name: "Alone: 10 % off", code: "ALONE", discountType: "percentage", discountValue: 1000 },
        { name: "Extra €2", code: "EXTRA", discountType: "absolute", discountValue: 200, combinable: true },
      ])
      .returning({ id: promotion.id });
    const { token } = await cartWith(2);
    // Codes stacked before the rule existed (or before ALONE became exclusive) are still in the cart.
    const [row] = await db.select({ id: cart.id }).from(cart).where(eq(cart.tokenHash, hashToken(token)));
    await db.insert(cartPromotion).values([
      { cartId: row!.id, promotionId: alone!.id, createdAt: new Date("2026-01-01T10:00:00Z") },
      { cartId: row!.id, promotionId: extra!.id, createdAt: new Date("2026-01-01T10:05:00Z") },
    ]);

    const seen = await carts.view(token);
    expect(seen.promotions.map((p) => [p.code, p.status, p.blockedBy])).toEqual([
      ["ALONE", "applied", null],
      ["EXTRA", "not-combinable", "ALONE"],
    ]);
    expect(seen.totals.discountGross).toBe(Math.round(seen.totals.positionsGross / 10));

    const result = await orders.place({ cartToken: token, revision: seen.revision, customerId, expectedGrossTotal: seen.totals.grossTotal });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const order = await orders.findForCustomer(result.orderId, customerId);
    expect(order!.lineItems.filter((l) => l.type === "promotion").map((l) => [l.reference, l.totalGross])).toEqual([
      ["ALONE", -seen.totals.discountGross],
    ]);
    expect(order!.discountGross).toBe(seen.totals.discountGross);
    const uses = await db.select({ code: promotion.code, used: promotion.usedCount }).from(promotion).where(inArray(promotion.code, ["ALONE", "EXTRA"]));
    expect(Object.fromEntries(uses.map((u) => [u.code, u.used]))).toEqual({ ALONE: 1, EXTRA: 0 });
  });

  it("records the subscription of a cart line on the order line, apart from the one-time purchase", async () => {
    const [plan] = await queryRows<{ id: string; variant_id: string; gross: number; discount_percent: number; interval_count: number; interval_unit: string }>(
      db,
      sql`select sp.id, v.id as variant_id, pr.gross, sp.discount_percent, sp.interval_count, sp.interval_unit
          from subscription_plan sp join product_variant v on v.product_id = sp.product_id
          join price pr on pr.variant_id = v.id and pr.quantity_start = 1
          where sp.discount_percent > 0 order by sp.position limit 1`,
    );
    const subscribed = await carts.addLineItem(undefined, { variantId: plan!.variant_id, quantity: 2, subscriptionPlanId: plan!.id });
    const change = await carts.addLineItem(subscribed.token, { variantId: plan!.variant_id, quantity: 1 });
    const result = await orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId });
    expect(result.ok).toBe(true);
    const order = await orders.findForCustomer(result.ok ? result.orderId : "", customerId);
    const discounted = subscriptionUnitGross(plan!.gross, plan!.discount_percent);
    expect(order!.lineItems.map(({ quantity, unitGross, totalGross, subscription }) => ({ quantity, unitGross, totalGross, subscription }))).toEqual([
      {
        quantity: 2,
        unitGross: discounted,
        totalGross: 2 * discounted,
        subscription: { intervalCount: plan!.interval_count, intervalUnit: plan!.interval_unit, discountPercent: plan!.discount_percent },
      },
      { quantity: 1, unitGross: plan!.gross, totalGross: plan!.gross, subscription: null },
    ]);
    const [stored] = await queryRows<{ subscription_plan_id: string }>(
      db,
      sql`select subscription_plan_id from order_line_item where order_id = ${order!.id} and subscription_plan_id is not null`,
    );
    expect(stored!.subscription_plan_id).toBe(plan!.id);
  });
});
