import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_B2B_COMPANIES, ensureDemoB2b } from "../../../seed/demo-b2b";
import { createCartService } from "../../cart/service";
import { productVariant } from "../../catalog/tables";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { createLogger } from "../../logger";
import { createMailer } from "../../mail/mailer";
import { createOrderService } from "../../order/service";
import type { OrderService } from "../../order/service-types";
import { customerOrder, orderLineItem } from "../../order/tables";
import { loadSalesChannel } from "../../services";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../../testing/test-database";
import { createB2bService } from "../service";
import type { B2bActor } from "../types";
import { createQuoteService } from "./service";
import { b2bQuote } from "./tables";
import type { QuoteService } from "./types";

/*
 * Ordering an accepted quote (issue 24): its lines go into a cart of their own at the quoted prices,
 * the order is placed at those prices and marks the quote ordered; a changed cart falls back to the
 * catalog's prices, and a quote that no longer holds orders nothing.
 */

const [NORTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0]];
const DAY_MS = 86_400_000;

describe.each(availableBackends())("ordering a quote on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let quotes: QuoteService;
  let carts: ReturnType<typeof createCartService>;
  let orders: OrderService;
  let partner: B2bActor;
  /** The demo's answered quote, valid for 30 days. */
  let answeredId: string;

  /** A fresh copy of the demo's answered quote (valid for 30 days), accepted, and its cart. */
  async function acceptedQuoteCart() {
    // The demo quote is reused by each test: put it back to answered.
    await db.update(b2bQuote).set({ status: "replied", orderId: null }).where(eq(b2bQuote.id, answeredId));
    const detail = (await quotes.detail(partner.partnerId, answeredId))!;
    const accepted = await quotes.accept(partner, detail.id);
    expect(accepted?.ok).toBe(true);
    const lines = (await quotes.quotedLines(partner.partnerId, detail.id))!;
    const token = await carts.startFromQuote(detail.id, lines);
    return { detail, lines, token };
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    const logger = createLogger("silent");
    const mailer = createMailer({ mailDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-quote-mail-")), from: "Shop <shop@test>", logger });
    carts = createCartService(db, channel);
    orders = createOrderService({ db, channel, cart: carts, mailer, logger });
    quotes = createQuoteService({ db, channel });
    expect(await ensureDemoB2b(db)).toBe(true);
    const [row] = await db.select({ id: customer.id }).from(customer).where(eq(customer.email, NORTHWIND.partner.email));
    const b2b = createB2bService({ db, channel, mailer, logger, appUrl: "http://shop.test" });
    partner = (await b2b.actorOf(row!.id, null))!;
    answeredId = (await quotes.list(partner.partnerId, {})).elements.find((q) => q.displayStatus === "replied")!.id;
    // Every test orders the quote's quantities: enough stock for all of them.
    const variantIds = (await quotes.detail(partner.partnerId, answeredId))!.lines.map((l) => l.variantId!);
    await db.update(productVariant).set({ stock: 10_000 }).where(inArray(productVariant.id, variantIds));
  }, 120_000);
  afterAll(async () => database?.close());

  it("puts the quote's lines at the quoted prices into a cart of their own and orders them so", async () => {
    const { detail, token } = await acceptedQuoteCart();
    const cart = await carts.view(token);
    expect(cart.lineItems.map((l) => [l.productNumber, l.quantity, l.unitGross]).sort()).toEqual(
      detail.lines.map((l) => [l.productNumber, l.quantity, l.quotedUnitGross]).sort(),
    );
    // The demo quote's discounts (10 % and 5 %) make the quoted prices lower than the list prices.
    expect(detail.lines.every((l) => l.quotedUnitGross < l.listUnitGross)).toBe(true);

    const placed = await orders.place({ cartToken: token, revision: cart.revision, customerId: partner.partnerId });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const lines = await db.select().from(orderLineItem).where(eq(orderLineItem.orderId, placed.orderId));
    expect(lines.map((l) => l.unitGross).sort()).toEqual(detail.lines.map((l) => l.quotedUnitGross).sort());
    const [quote] = await db.select().from(b2bQuote).where(eq(b2bQuote.id, detail.id));
    expect(quote).toMatchObject({ status: "ordered", orderId: placed.orderId });
    const [order] = await db.select().from(customerOrder).where(eq(customerOrder.id, placed.orderId));
    expect(order!.customerId).toBe(partner.partnerId);
  });

  it("drops the quoted prices when the cart's lines change", async () => {
    const { detail, token } = await acceptedQuoteCart();
    const line = (await carts.view(token)).lineItems[0]!;
    const quoted = detail.lines.find((l) => l.productNumber === line.productNumber)!;
    const changed = await carts.changeQuantity(token, line.id, line.quantity + 1);
    const after = changed.result.cart.lineItems.find((l) => l.id === line.id)!;
    expect(after.unitGross).not.toBe(quoted.quotedUnitGross);
    expect(changed.result.cart.lineItems.every((l) => l.unitGross >= detail.lines.find((q) => q.productNumber === l.productNumber)!.quotedUnitGross)).toBe(true);
  });

  it("orders nothing when the quote no longer holds (expired after acceptance)", async () => {
    const { detail, token } = await acceptedQuoteCart();
    const cart = await carts.view(token);
    await db.update(b2bQuote).set({ validUntil: new Date(Date.now() - 2 * DAY_MS) }).where(eq(b2bQuote.id, detail.id));
    const refused = await orders.place({ cartToken: token, revision: cart.revision, customerId: partner.partnerId });
    expect(refused).toEqual({ ok: false, errors: [{ code: "quote-invalid" }] });
    const [quote] = await db.select().from(b2bQuote).where(eq(b2bQuote.id, detail.id));
    expect(quote!.status).toBe("accepted");
    expect(quote!.orderId).toBeNull();
    await db.update(b2bQuote).set({ validUntil: new Date(Date.now() + 30 * DAY_MS) }).where(eq(b2bQuote.id, detail.id));
  });
});
