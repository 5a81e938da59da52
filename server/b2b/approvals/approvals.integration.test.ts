import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_B2B_COMPANIES, ensureDemoB2b } from "../../../seed/demo-b2b";
import { deleteStaleVisitorData } from "../../cart/cleanup";
import { createCartService } from "../../cart/service";
import { cart as cartTable, paymentMethod } from "../../cart/tables";
import { price, productVariant } from "../../catalog/tables";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { createLogger } from "../../logger";
import { createMailer } from "../../mail/mailer";
import { createOrderService } from "../../order/service";
import type { OrderService } from "../../order/service-types";
import { customerOrder } from "../../order/tables";
import { paymentTransaction } from "../../payment/tables";
import { loadSalesChannel } from "../../services";
import { bulkVariant } from "../../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../../testing/test-database";
import { newToken } from "../../visitor";
import { createB2bService } from "../service";
import { b2bEmployee, b2bRole } from "../tables";
import type { B2bActor } from "../types";
import { createApprovalService, type ApprovalService } from "./service";
import { b2bApprovalRule, b2bPendingOrder } from "./tables";

/*
 * Approval rules and pending orders (issue 24, CONTRACT §6): the demo rule "Orders above 500 EUR" holds
 * the Buyer Mara's larger orders; such an order becomes a pending order with no order and no payment;
 * only the reviewer role (Approver: Jonas) or the partner decides; approving places and pays it from the
 * held cart, declining ends it with a reason mailed to the requester.
 */

const [NORTHWIND, SOUTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0], (typeof DEMO_B2B_COMPANIES)[1]];
const RULE = NORTHWIND.approvalRules[0]!;
const DAY_MS = 86_400_000;

describe.each(availableBackends())("approval rules and pending orders on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let carts: ReturnType<typeof createCartService>;
  let orders: OrderService;
  let approvals: ApprovalService;
  let mailDir: string;
  let partner: B2bActor;
  let mara: B2bActor;
  let jonas: B2bActor;
  let southwind: B2bActor;
  let invoiceId: string;
  /** A variant that is always in stock, and its unit price. */
  let variant: { id: string; gross: number };

  const mailsTo = (email: string) =>
    readdirSync(mailDir)
      .sort()
      .map((file) => readFileSync(path.join(mailDir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((text) => text.includes(`To: ${email}`));

  /** A cart of `total` (about, in minor units) paid by invoice, confirmed by `actor`'s session. */
  async function cartOf(actor: B2bActor, total: number) {
    const quantity = Math.max(1, Math.ceil(total / variant.gross));
    const added = await carts.addLineItem(undefined, { variantId: variant.id, quantity });
    const token = added.token;
    await carts.configure(token, { paymentMethodId: invoiceId });
    await carts.confirmedBy(token, actor.employee?.id ?? null);
    return { token, view: await carts.view(token) };
  }

  async function requestAbove500() {
    const { token, view } = await cartOf(mara, 80_000);
    expect(view.totals.grossTotal).toBeGreaterThan(RULE.totalAbove);
    const requested = await approvals.request(mara, { cartToken: token, revision: view.revision, expectedGrossTotal: view.totals.grossTotal }, { locale: "en" });
    if (!requested.ok) throw new Error(JSON.stringify(requested.errors));
    return { token, view, pending: requested.pending };
  }

  const orderCount = async () => Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customer_order`))[0]!.n);

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    const logger = createLogger("silent");
    mailDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-approval-mail-"));
    const mailer = createMailer({ mailDir, from: "Shop <shop@test>", logger });
    carts = createCartService(db, channel);
    orders = createOrderService({ db, channel, cart: carts, mailer, logger });
    approvals = createApprovalService({ db, channel, cart: carts, orders, mailer, logger, appUrl: "http://shop.test" });
    expect(await ensureDemoB2b(db)).toBe(true);
    const b2b = createB2bService({ db, channel, mailer, logger, appUrl: "http://shop.test" });
    const idOf = async (email: string) => (await db.select({ id: customer.id }).from(customer).where(eq(customer.email, email)))[0]!.id;
    const employeeId = async (email: string) => (await db.select({ id: b2bEmployee.id }).from(b2bEmployee).where(eq(b2bEmployee.email, email)))[0]!.id;
    const northwindId = await idOf(NORTHWIND.partner.email);
    partner = (await b2b.actorOf(northwindId, null))!;
    mara = (await b2b.actorOf(northwindId, await employeeId("mara.lind@northwind.example")))!;
    jonas = (await b2b.actorOf(northwindId, await employeeId("jonas.weber@northwind.example")))!;
    southwind = (await b2b.actorOf(await idOf(SOUTHWIND.partner.email), null))!;
    [{ id: invoiceId }] = (await db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, "invoice"))) as [{ id: string }];
    variant = await bulkVariant(db);
  }, 120_000);
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await db.delete(b2bPendingOrder);
  });

  it("seeds the demo rule: Buyer's orders above 500 EUR wait for the Approver", async () => {
    const [rule] = await approvals.rules(partner.partnerId);
    expect(rule).toMatchObject({ name: "Orders above 500 EUR", appliesToRoleName: "Buyer", reviewerRoleName: "Approver", totalAboveGross: 50_000, currency: "EUR" });
    expect(await approvals.rules(southwind.partnerId)).toEqual([]);
  });

  it("holds Mara's orders above 500 EUR only, never the partner's or the Approver's", async () => {
    const above = { currency: "EUR", totals: { grossTotal: 50_001 } } as const;
    const at = { currency: "EUR", totals: { grossTotal: 50_000 } } as const;
    expect(await approvals.holdingRule(mara, above)).toEqual({ name: RULE.name, reviewerRoleName: "Approver" });
    expect(await approvals.holdingRule(mara, at)).toBeNull();
    expect(await approvals.holdingRule(jonas, above)).toBeNull();
    expect(await approvals.holdingRule(partner, above)).toBeNull();
  });

  it("refuses to place a held order directly: no order, no stock taken, the cart kept", async () => {
    const { token, view } = await cartOf(mara, 80_000);
    const before = await orderCount();
    const [{ stock }] = (await db.select({ stock: productVariant.stock }).from(productVariant).where(eq(productVariant.id, variant.id))) as [{ stock: number }];
    const placed = await orders.place({ cartToken: token, revision: view.revision, customerId: mara.partnerId });
    expect(placed).toEqual({ ok: false, errors: [{ code: "approval-required" }] });
    expect(await orderCount()).toBe(before);
    expect((await db.select({ stock: productVariant.stock }).from(productVariant).where(eq(productVariant.id, variant.id)))[0]!.stock).toBe(stock);
    expect((await carts.view(token)).lineItems).toHaveLength(1);
  });

  it("turns the order into a pending order with no order and no payment; the requester shops on with a new cart", async () => {
    const before = await orderCount();
    const { token, view, pending } = await requestAbove500();
    expect(pending).toMatchObject({ status: "pending", requesterName: "Mara Lind", ruleName: RULE.name, reviewerRoleName: "Approver", totalGross: view.totals.grossTotal, orderNumber: null });
    expect(pending.numberLabel).toMatch(/^A-\d+$/);
    expect(pending.lines).toEqual([expect.objectContaining({ quantity: view.lineItems[0]!.quantity, unitGross: view.lineItems[0]!.unitGross })]);
    expect(await orderCount()).toBe(before);
    const [held] = await db.select().from(b2bPendingOrder).where(eq(b2bPendingOrder.id, pending.id));
    expect(await db.select().from(paymentTransaction).where(eq(paymentTransaction.cartId, held!.cartId!))).toEqual([]);
    expect((await carts.view(token)).lineItems).toEqual([]);
    // The reviewers hear of it: the partner and Jonas, not Mara herself.
    expect(mailsTo("jonas.weber@northwind.example").some((m) => m.includes(pending.numberLabel))).toBe(true);
    expect(mailsTo(NORTHWIND.partner.email).some((m) => m.includes(pending.numberLabel))).toBe(true);
    expect(mailsTo("mara.lind@northwind.example").some((m) => m.includes("waits for your approval"))).toBe(false);
  });

  it("shows the requester their own, the Approver and the partner all, another company none", async () => {
    const { pending } = await requestAbove500();
    const ids = async (actor: B2bActor) => (await approvals.pendingOrders(actor)).map((p) => [p.id, p.decidable]);
    expect(await ids(mara)).toEqual([[pending.id, false]]);
    expect(await ids(jonas)).toEqual([[pending.id, true]]);
    expect(await ids(partner)).toEqual([[pending.id, true]]);
    expect(await ids(southwind)).toEqual([]);
  });

  it("lets the reviewer approve: the order is placed and paid from the held cart, for Mara, once", async () => {
    const { view, pending } = await requestAbove500();
    expect(await approvals.approve(mara, pending.id, { locale: "en" })).toEqual({ ok: false, reason: "own-order" });
    expect(await approvals.approve(southwind, pending.id, { locale: "en" })).toBeNull();
    const approved = await approvals.approve(jonas, pending.id, { locale: "en" });
    if (!approved?.ok) throw new Error(JSON.stringify(approved));
    expect(approved.pending).toMatchObject({ status: "approved", deciderName: "Jonas Weber", decidable: false });
    const [order] = await db.select().from(customerOrder).where(eq(customerOrder.orderNumber, approved.pending.orderNumber!));
    expect(order).toMatchObject({ customerId: partner.partnerId, grossTotal: view.totals.grossTotal, employeeName: "Mara Lind" });
    const [payment] = await db.select().from(paymentTransaction).where(eq(paymentTransaction.orderId, order!.id));
    expect(payment).toMatchObject({ method: "invoice", provider: "manual", amountGross: view.totals.grossTotal });
    expect(mailsTo("mara.lind@northwind.example").some((m) => m.includes("was approved") && m.includes(order!.orderNumber))).toBe(true);
    // A second approval (another tab, the partner) changes nothing.
    expect(await approvals.approve(partner, pending.id, { locale: "en" })).toEqual({ ok: false, reason: "already-decided" });
    expect(await db.select().from(customerOrder).where(eq(customerOrder.orderNumber, approved.pending.orderNumber!))).toHaveLength(1);
  });

  it("declines with a reason the requester gets by mail; the held cart goes, nothing is ordered", async () => {
    const { pending } = await requestAbove500();
    const [held] = await db.select({ cartId: b2bPendingOrder.cartId }).from(b2bPendingOrder).where(eq(b2bPendingOrder.id, pending.id));
    expect(await approvals.decline(jonas, pending.id, { reason: "   " }, { locale: "en" })).toEqual({ ok: false, errors: { reason: "required" } });
    expect(await approvals.decline(jonas, pending.id, { reason: "x".repeat(1001) }, { locale: "en" })).toEqual({ ok: false, errors: { reason: "too-long" } });
    const before = await orderCount();
    const declined = await approvals.decline(jonas, pending.id, { reason: "Please order the smaller pack." }, { locale: "en" });
    expect(declined).toMatchObject({ ok: true, pending: { status: "declined", declineReason: "Please order the smaller pack.", deciderName: "Jonas Weber" } });
    expect(await orderCount()).toBe(before);
    expect(await db.select().from(cartTable).where(eq(cartTable.id, held!.cartId!))).toEqual([]);
    expect(mailsTo("mara.lind@northwind.example").some((m) => m.includes("was declined") && m.includes("Please order the smaller pack."))).toBe(true);
    expect(await approvals.approve(jonas, pending.id, { locale: "en" })).toEqual({ ok: false, reason: "already-decided" });
  });

  it("keeps the order pending when prices changed since the request (nothing charged at another amount)", async () => {
    const { pending } = await requestAbove500();
    await db.update(price).set({ gross: sql`${price.gross} + 100` }).where(eq(price.variantId, variant.id));
    try {
      const refused = await approvals.approve(jonas, pending.id, { locale: "en" });
      expect(refused).toMatchObject({ ok: false, reason: "order-refused", orderErrors: [{ code: "total-changed" }] });
      const [row] = await db.select({ status: b2bPendingOrder.status }).from(b2bPendingOrder).where(eq(b2bPendingOrder.id, pending.id));
      expect(row!.status).toBe("pending");
    } finally {
      await db.update(price).set({ gross: variant.gross }).where(and(eq(price.variantId, variant.id), eq(price.quantityStart, 1)));
    }
  });

  it("lets only the reviewer role decide: an Approver without the permission, or of another role, may not", async () => {
    const { pending } = await requestAbove500();
    const withoutPermission = { ...jonas, permissions: jonas.permissions.filter((p) => p !== "pending_order.approve_decline") };
    expect(await approvals.approve(withoutPermission, pending.id, { locale: "en" })).toEqual({ ok: false, reason: "not-reviewer" });
    await db.update(b2bPendingOrder).set({ reviewerRoleId: null }).where(eq(b2bPendingOrder.id, pending.id));
    expect(await approvals.approve(jonas, pending.id, { locale: "en" })).toEqual({ ok: false, reason: "not-reviewer" });
    // With the reviewer role gone, the partner still decides.
    expect((await approvals.decline(partner, pending.id, { reason: "No." }, { locale: "en" }))?.ok).toBe(true);
  });

  it("keeps a held cart through the clean-up of old carts", async () => {
    const { pending } = await requestAbove500();
    const [held] = await db.select({ cartId: b2bPendingOrder.cartId }).from(b2bPendingOrder).where(eq(b2bPendingOrder.id, pending.id));
    await deleteStaleVisitorData(db, new Date(Date.now() + 400 * DAY_MS));
    expect(await db.select({ id: cartTable.id }).from(cartTable).where(eq(cartTable.id, held!.cartId!))).toHaveLength(1);
  });

  describe("rules", () => {
    const roleId = async (partnerId: string, name: string) =>
      (await db.select({ id: b2bRole.id }).from(b2bRole).where(and(eq(b2bRole.partnerId, partnerId), eq(b2bRole.name, name))))[0]!.id;
    const input = async (over: Record<string, string> = {}) => ({
      name: "Big orders",
      appliesToRoleId: await roleId(partner.partnerId, "Buyer"),
      totalAbove: "1.000,00",
      reviewerRoleId: await roleId(partner.partnerId, "Approver"),
      priority: "5",
      ...over,
    });

    it("saves, finds, takes the highest priority and deletes a rule", async () => {
      const saved = await approvals.saveRule(partner.partnerId, null, await input());
      if (!saved?.ok) throw new Error(JSON.stringify(saved));
      expect(saved.rule).toMatchObject({ name: "Big orders", totalAboveGross: 100_000, priority: 5, appliesToRoleName: "Buyer" });
      // Above 1,000 EUR both rules apply: the higher priority decides.
      const { token, view } = await cartOf(mara, 120_000);
      const requested = await approvals.request(mara, { cartToken: token, revision: view.revision }, { locale: "en" });
      expect(requested).toMatchObject({ ok: true, pending: { ruleName: "Big orders" } });
      expect((await approvals.rules(partner.partnerId, "big")).map((r) => r.name)).toEqual(["Big orders"]);
      expect((await approvals.rules(partner.partnerId, "APPROVER")).map((r) => r.name)).toEqual(["Big orders", RULE.name]);
      expect(await approvals.rules(partner.partnerId, "%")).toEqual([]);
      expect(await approvals.deleteRule(southwind.partnerId, saved.rule.id)).toBe(false);
      expect(await approvals.deleteRule(partner.partnerId, saved.rule.id)).toBe(true);
      expect((await approvals.rules(partner.partnerId)).map((r) => r.name)).toEqual([RULE.name]);
    });

    it("refuses bad input field by field, and another company's roles and rules", async () => {
      expect(await approvals.saveRule(partner.partnerId, null, await input({ name: "", totalAbove: "12,3456", priority: "-1" }))).toEqual({
        ok: false,
        errors: { name: "required", totalAbove: "invalid", priority: "invalid" },
      });
      expect(await approvals.saveRule(partner.partnerId, null, await input({ name: "orders ABOVE 500 eur" }))).toEqual({ ok: false, errors: { name: "name-taken" } });
      const foreign = await roleId(southwind.partnerId, "Purchaser");
      expect(await approvals.saveRule(partner.partnerId, null, await input({ reviewerRoleId: foreign }))).toEqual({ ok: false, errors: { reviewerRoleId: "role-unknown" } });
      const [demo] = await db.select({ id: b2bApprovalRule.id }).from(b2bApprovalRule).where(eq(b2bApprovalRule.partnerId, partner.partnerId));
      expect(await approvals.saveRule(southwind.partnerId, demo!.id, await input())).toBeNull();
      expect(await approvals.saveRule(partner.partnerId, "not-an-id", await input())).toBeNull();
      expect((await approvals.rules(partner.partnerId)).map((r) => r.name)).toEqual([RULE.name]);
    });
  });

  it("refuses a request whose cart changed, or whose payment needs the requester (nothing held)", async () => {
    const { token, view } = await cartOf(mara, 80_000);
    expect(await approvals.request(mara, { cartToken: token, revision: view.revision - 1 }, { locale: "en" })).toEqual({ ok: false, errors: [{ code: "cart-changed" }] });
    expect(await approvals.request(mara, { cartToken: newToken(), revision: 0 }, { locale: "en" })).toEqual({ ok: false, errors: [{ code: "cart-empty" }] });
    expect(await db.select().from(b2bPendingOrder)).toEqual([]);
  });
});
