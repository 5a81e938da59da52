import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_B2B_COMPANIES, ensureDemoB2b } from "../../../seed/demo-b2b";
import { createCartService } from "../../cart/service";
import { productVariant } from "../../catalog/tables";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { createLogger } from "../../logger";
import { createMailer } from "../../mail/mailer";
import { createOrderService } from "../../order/service";
import type { OrderService } from "../../order/service-types";
import { loadSalesChannel } from "../../services";
import { singleUnitVariantId } from "../../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../../testing/test-database";
import { createB2bService } from "../service";
import { b2bEmployee } from "../tables";
import type { B2bActor } from "../types";
import { insertDemoQuotes } from "./demo";
import { quotedUnitGross } from "./pricing";
import { isoDate } from "./schemas";
import { createQuoteService } from "./service";
import { b2bQuote, b2bQuoteComment } from "./tables";
import type { QuoteDetail, QuoteService } from "./types";

/*
 * The quote domain (issue 24) on both databases: a quote requested from a cart, lists scoped to the
 * requester or the company and never another company, the shop's reply with discounts and totals,
 * changes requested and answered again, acceptance to the order, expiry at the end of the validity day,
 * another company's quote out of reach, and concurrent accepts making one transition.
 */

const [NORTHWIND, SOUTHWIND] = DEMO_B2B_COMPANIES as [(typeof DEMO_B2B_COMPANIES)[0], (typeof DEMO_B2B_COMPANIES)[0]];
const DAY_MS = 86_400_000;

describe.each(availableBackends())("quotes on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let quotes: QuoteService;
  let carts: ReturnType<typeof createCartService>;
  let orders: OrderService;
  let shop: { currency: string; name: string };
  let clock = Date.now();
  let partner: B2bActor;
  let mara: B2bActor;
  let jonas: B2bActor;
  let south: B2bActor;
  let plainVariant: string;
  let optionVariant: { id: string; productNumber: string; name: string; options: string };

  const day = (offset: number) => isoDate(new Date(clock + offset * DAY_MS));
  const partnerIdOf = async (email: string) => (await db.select({ id: customer.id }).from(customer).where(eq(customer.email, email)))[0]!.id;
  const stored = async (quoteId: string) => (await db.select().from(b2bQuote).where(eq(b2bQuote.id, quoteId)))[0]!;
  const commentCount = async (quoteId: string) => (await db.select().from(b2bQuoteComment).where(eq(b2bQuoteComment.quoteId, quoteId))).length;

  async function cartWith(lines: { variantId: string; quantity: number }[]): Promise<string> {
    let token: string | undefined;
    for (const line of lines) token = (await carts.addLineItem(token, line)).token;
    return token!;
  }

  async function requested(actor: B2bActor, lines = [{ variantId: plainVariant, quantity: 2 }], comment?: string): Promise<QuoteDetail> {
    const result = await quotes.requestFromCart(actor, await cartWith(lines), comment);
    if (!result.ok) throw new Error(`not requested: ${result.reason}`);
    return result.value;
  }

  /** A quote the shop has answered (no discounts) and that holds until `validUntil`. */
  async function replied(actor: B2bActor, validUntil = day(30)): Promise<QuoteDetail> {
    const quote = await requested(actor);
    const reply = await quotes.reply(quote.id, { discounts: {}, validUntil });
    if (!reply?.ok) throw new Error("not replied");
    return reply.value;
  }

  async function orderFor(customerId: string): Promise<string> {
    const change = await carts.addLineItem(undefined, { variantId: plainVariant, quantity: 1 });
    const placed = await orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    return placed.orderId;
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    shop = { currency: channel.currency, name: channel.name };
    const logger = createLogger("silent");
    const mailer = createMailer({ mailDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-quotes-mail-")), from: "Shop <shop@test>", logger });
    const b2b = createB2bService({ db, channel, mailer, logger, appUrl: "http://shop.test" });
    carts = createCartService(db, channel);
    orders = createOrderService({ db, channel, cart: carts, mailer, logger });
    quotes = createQuoteService({ db, channel, now: () => new Date(clock) });
    expect(await ensureDemoB2b(db)).toBe(true);
    const northwind = await partnerIdOf(NORTHWIND.partner.email);
    const employee = async (email: string) => (await db.select({ id: b2bEmployee.id }).from(b2bEmployee).where(eq(b2bEmployee.email, email)))[0]!.id;
    partner = (await b2b.actorOf(northwind, null))!;
    mara = (await b2b.actorOf(northwind, await employee("mara.lind@northwind.example")))!;
    jonas = (await b2b.actorOf(northwind, await employee("jonas.weber@northwind.example")))!;
    south = (await b2b.actorOf(await partnerIdOf(SOUTHWIND.partner.email), null))!;
    plainVariant = await singleUnitVariantId(db);
    const [withOptions] = await queryRows<{ id: string; product_number: string; name: string; options: string }>(
      db,
      sql`select v.id, v.product_number, p.name,
            (select string_agg(g.name || ': ' || o.name, ', ' order by g.position, g.name) from product_variant_option vo
               join property_option o on o.id = vo.option_id join property_group g on g.id = o.group_id where vo.variant_id = v.id) as options
          from product_variant v join product p on p.id = v.product_id join price pr on pr.variant_id = v.id and pr.quantity_start = 1
          where v.min_purchase = 1 and v.purchase_step = 1 and v.active and p.active
            and exists (select 1 from product_variant_option vo where vo.variant_id = v.id)
          order by v.product_number limit 1`,
    );
    optionVariant = { id: withOptions!.id, productNumber: withOptions!.product_number, name: withOptions!.name, options: withOptions!.options };
    await db.update(productVariant).set({ stock: 10_000 }).where(sql`${productVariant.id} in (${plainVariant}, ${optionVariant.id})`);
  }, 120_000);
  afterAll(async () => database?.close());

  describe("requesting a quote from the cart", () => {
    it("copies the cart's lines at today's prices into an open quote of the company, and leaves the cart as it is", async () => {
      const token = await cartWith([
        { variantId: plainVariant, quantity: 3 },
        { variantId: optionVariant.id, quantity: 1 },
      ]);
      const cartBefore = await carts.view(token);
      const result = await quotes.requestFromCart(mara, token, "  We need these by March.  ");
      if (!result.ok) throw new Error(result.reason);
      const quote = result.value;
      expect(quote).toMatchObject({ status: "open", displayStatus: "open", requesterId: mara.employee!.id, requesterName: "Mara Lind", validUntil: null, lineCount: 2, orderId: null });
      expect(quote.number).toBeGreaterThanOrEqual(20001);
      expect(quote.numberLabel).toBe(`Q-${quote.number}`);
      expect(quote.lines.map((l) => [l.variantId, l.productNumber, l.quantity, l.listUnitGross, l.discountBasisPoints, l.quotedUnitGross])).toEqual(
        cartBefore.lineItems.map((l) => [l.variantId, l.productNumber, l.quantity, l.unitGross, 0, l.unitGross]),
      );
      expect(quote.lines[1]!.label).toBe(`${optionVariant.name} (${optionVariant.options})`);
      expect(quote.totals).toEqual({ positionsGross: cartBefore.totals.positionsGross, discountGross: 0, totalGross: cartBefore.totals.positionsGross });
      expect(quote.totalGross).toBe(cartBefore.totals.positionsGross);
      expect(quote.comments).toMatchObject([{ authorKind: "customer", authorName: "Mara Lind", text: "We need these by March." }]);
      expect(quote.actions).toEqual({ review: true, reply: true, accept: false, decline: true, requestChanges: false });
      expect((await carts.view(token)).lineItems).toEqual(cartBefore.lineItems);

      // The partner's own request names the company; numbers follow one another.
      const own = await requested(partner);
      expect(own).toMatchObject({ requesterId: null, requesterName: NORTHWIND.company, number: quote.number + 1 });
    });

    it("refuses an empty or unknown cart, a role without quote.request and a comment that is too long", async () => {
      expect(await quotes.requestFromCart(mara, undefined)).toEqual({ ok: false, reason: "cart-empty" });
      expect(await quotes.requestFromCart(mara, "no-such-cart-token")).toEqual({ ok: false, reason: "cart-empty" });
      const token = await cartWith([{ variantId: plainVariant, quantity: 1 }]);
      const line = (await carts.view(token)).lineItems[0]!;
      await carts.removeLineItem(token, line.id);
      expect(await quotes.requestFromCart(mara, token)).toEqual({ ok: false, reason: "cart-empty" });
      const full = await cartWith([{ variantId: plainVariant, quantity: 1 }]);
      expect(await quotes.requestFromCart({ ...mara, permissions: [] }, full)).toEqual({ ok: false, reason: "forbidden" });
      expect(await quotes.requestFromCart(mara, full, "x".repeat(2001))).toEqual({ ok: false, reason: "invalid", errors: { comment: "too-long" } });
    });
  });

  describe("the demo quotes (CONTRACT §6)", () => {
    it("are one answered and valid for 30 days, one expired, one open", async () => {
      const before = (await quotes.list(south.partnerId, {})).elements.map((q) => q.id);
      await insertDemoQuotes(db, shop, (["replied", "expired", "open"] as const).map((kind) => ({ partnerId: south.partnerId, employeeId: null, requesterName: SOUTHWIND.company, kind })), new Date(clock));
      const added = (await quotes.list(south.partnerId, {})).elements.filter((q) => !before.includes(q.id)).sort((a, b) => a.number - b.number);
      expect(added.map((q) => [q.status, q.displayStatus, q.validUntil, q.lineCount])).toEqual([
        ["replied", "replied", day(30), 2],
        ["replied", "expired", day(-10), 2],
        ["open", "open", null, 2],
      ]);
      const answered = (await quotes.detail(south.partnerId, added[0]!.id))!;
      expect(answered.lines.map((l) => l.discountBasisPoints)).toEqual([1000, 500]);
      expect(answered.totals.totalGross).toBe(answered.totalGross);
      expect(answered.totals.discountGross).toBeGreaterThan(0);
      expect(answered.comments.map((c) => c.authorKind)).toEqual(["customer", "shop"]);
      expect(answered.actions).toMatchObject({ accept: true, decline: true, requestChanges: true });
      // Cleaned up: the lists below count the company's own quotes.
      await db.delete(b2bQuote).where(inArray(b2bQuote.id, added.map((q) => q.id)));
    });
  });

  describe("lists", () => {
    it("show an employee their own quotes, the company all of them, and never another company's", async () => {
      // The demo seed's quotes are there too: the companies' own lists are compared without them.
      const northDemo = (await quotes.list(partner.partnerId, {})).elements.map((q) => q.id);
      const demoIds = new Set([...northDemo, ...(await quotes.list(south.partnerId, {})).elements.map((q) => q.id)]);
      const byMara = await requested(mara);
      const byPartner = await requested(partner);
      const bySouth = await requested(south);
      const idsOf = async (partnerId: string, requesterId: string | null) =>
        (await quotes.list(partnerId, { requesterId, page: 1 })).elements.map((q) => q.id).filter((id) => !demoIds.has(id));

      const maras = await idsOf(partner.partnerId, mara.employee!.id);
      expect(maras).toContain(byMara.id);
      expect(maras).not.toContain(byPartner.id);
      const all = await idsOf(partner.partnerId, null);
      expect(all).toEqual(expect.arrayContaining([byMara.id, byPartner.id]));
      expect(all).not.toContain(bySouth.id);
      // Newest first.
      expect(all.indexOf(byPartner.id)).toBeLessThan(all.indexOf(byMara.id));
      expect(await idsOf(south.partnerId, null)).toEqual([bySouth.id]);
      const page = await quotes.list(partner.partnerId, { page: 99 });
      expect(page).toMatchObject({ page: 1, pageSize: 20, total: all.length + northDemo.length });

      expect(await quotes.detail(partner.partnerId, byMara.id, { requesterId: mara.employee!.id })).toMatchObject({ id: byMara.id });
      expect(await quotes.detail(partner.partnerId, byPartner.id, { requesterId: mara.employee!.id })).toBeNull();
      expect(await quotes.detail(south.partnerId, byMara.id)).toBeNull();
      expect(await quotes.detail(partner.partnerId, "not-an-id")).toBeNull();
    });

    it("show the shop every company's quotes with the company, by display status", async () => {
      const quote = await requested(south);
      const shopList = await quotes.listForShop({ status: "open" });
      expect(shopList.elements.find((q) => q.id === quote.id)).toMatchObject({ company: SOUTHWIND.company, partnerId: south.partnerId, displayStatus: "open" });
      expect((await quotes.listForShop({ status: "declined" })).elements.map((q) => q.id)).not.toContain(quote.id);
      expect(await quotes.detailForShop(quote.id)).toMatchObject({ id: quote.id, company: SOUTHWIND.company });
    });
  });

  describe("the shop's reply", () => {
    it("sets discounts per line, the validity and a comment; the quoted prices and totals follow", async () => {
      const quote = await requested(mara, [
        { variantId: plainVariant, quantity: 3 },
        { variantId: optionVariant.id, quantity: 2 },
      ]);
      const [first, second] = quote.lines as [QuoteDetail["lines"][0], QuoteDetail["lines"][0]];
      const review = await quotes.markInReview(quote.id);
      expect(review).toMatchObject({ ok: true, value: { status: "in_review" } });
      expect(await quotes.markInReview(quote.id)).toEqual({ ok: false, reason: "not-allowed-in-state" });

      const reply = await quotes.reply(quote.id, { discounts: { [first.id]: 1000, [second.id]: 2550 }, validUntil: day(30), comment: "Our best offer." });
      if (!reply?.ok) throw new Error("not replied");
      const answered = reply.value;
      const firstUnit = quotedUnitGross(first.listUnitGross, 1000);
      const secondUnit = quotedUnitGross(second.listUnitGross, 2550);
      expect(answered).toMatchObject({ status: "replied", displayStatus: "replied", validUntil: day(30), totalGross: firstUnit * 3 + secondUnit * 2 });
      expect(answered.lines.map((l) => [l.discountBasisPoints, l.quotedUnitGross, l.totalGross])).toEqual([
        [1000, firstUnit, firstUnit * 3],
        [2550, secondUnit, secondUnit * 2],
      ]);
      expect(answered.totals).toEqual({
        positionsGross: quote.totals.positionsGross,
        discountGross: quote.totals.positionsGross - (firstUnit * 3 + secondUnit * 2),
        totalGross: firstUnit * 3 + secondUnit * 2,
      });
      expect(answered.comments.at(-1)).toMatchObject({ authorKind: "shop", authorName: shop.name, text: "Our best offer." });
      expect(answered.actions).toEqual({ review: false, reply: false, accept: true, decline: true, requestChanges: true });
      expect((await stored(quote.id)).totalGross).toBe(answered.totalGross);
      // The customer sees the same prices.
      expect((await quotes.detail(partner.partnerId, quote.id))!.lines).toEqual(answered.lines);
      // A second reply needs a request for changes first.
      expect(await quotes.reply(quote.id, { discounts: {}, validUntil: day(30) })).toEqual({ ok: false, reason: "not-allowed-in-state" });
    });

    it("refuses a validity before today, unknown lines and discounts outside 0 to 100 %, changing nothing", async () => {
      const quote = await requested(mara);
      const lineId = quote.lines[0]!.id;
      expect(await quotes.reply(quote.id, { discounts: {}, validUntil: day(-1) })).toEqual({ ok: false, reason: "valid-until-past" });
      expect(await quotes.reply(quote.id, { discounts: { [quote.id]: 100 }, validUntil: day(1) })).toEqual({ ok: false, reason: "invalid", errors: { discounts: "invalid" } });
      expect(await quotes.reply(quote.id, { discounts: { [lineId]: 10_001 }, validUntil: day(1) })).toMatchObject({ ok: false, reason: "invalid" });
      expect(await quotes.reply(quote.id, { discounts: {}, validUntil: "tomorrow" })).toMatchObject({ ok: false, reason: "invalid", errors: { validUntil: "invalid" } });
      expect(await quotes.detailForShop(quote.id)).toMatchObject({ status: "open", validUntil: null, lines: [{ discountBasisPoints: 0 }] });
      // Today is fine: the offer holds until the day's end.
      expect(await quotes.reply(quote.id, { discounts: { [lineId]: 500 }, validUntil: day(0) })).toMatchObject({ ok: true, value: { status: "replied", validUntil: day(0) } });
      expect(await quotes.reply("0b9d1c2e-8c7a-4a51-9e0f-3d7c2b1a0f00", { discounts: {}, validUntil: day(1) })).toBeNull();
    });
  });

  describe("the customer's answer", () => {
    it("requests changes with a comment, gets a new reply, accepts and orders at the quoted prices", async () => {
      const quote = await replied(mara);
      const lineId = quote.lines[0]!.id;
      expect(await quotes.requestChanges(jonas, quote.id, "   ")).toEqual({ ok: false, reason: "invalid", errors: { comment: "required" } });
      // Mara (Buyer: quote.request only) may not answer quotes.
      expect(await quotes.requestChanges(mara, quote.id, "Cheaper please")).toEqual({ ok: false, reason: "forbidden" });
      expect(await quotes.accept(mara, quote.id)).toEqual({ ok: false, reason: "forbidden" });
      const changes = await quotes.requestChanges(jonas, quote.id, "Can you do 15 % on this?");
      expect(changes).toMatchObject({ ok: true, value: { status: "changes_requested", actions: { accept: false, decline: true } } });
      expect(changes?.ok && changes.value.comments.at(-1)).toMatchObject({ authorKind: "customer", authorName: "Jonas Weber", text: "Can you do 15 % on this?" });
      expect(await quotes.accept(jonas, quote.id)).toEqual({ ok: false, reason: "not-allowed-in-state" });
      expect(await quotes.quotedLines(partner.partnerId, quote.id)).toBeNull();

      const again = await quotes.reply(quote.id, { discounts: { [lineId]: 1500 }, validUntil: day(14) });
      expect(again).toMatchObject({ ok: true, value: { status: "replied", validUntil: day(14), lines: [{ discountBasisPoints: 1500 }] } });
      const accepted = await quotes.accept(jonas, quote.id);
      expect(accepted).toMatchObject({ ok: true, value: { status: "accepted", actions: { accept: false, decline: false, requestChanges: false } } });
      const line = quote.lines[0]!;
      expect(await quotes.quotedLines(partner.partnerId, quote.id)).toEqual([{ variantId: line.variantId, quantity: line.quantity, unitGross: quotedUnitGross(line.listUnitGross, 1500) }]);
      expect(await quotes.quotedLines(south.partnerId, quote.id)).toBeNull();

      // Only an order of the quote's company links it.
      expect(await quotes.markOrdered(quote.id, await orderFor(south.partnerId))).toEqual({ ok: false, reason: "order-mismatch" });
      const orderId = await orderFor(partner.partnerId);
      expect(await quotes.markOrdered(quote.id, orderId)).toEqual({ ok: true, value: { status: "ordered" } });
      expect(await quotes.markOrdered(quote.id, orderId)).toEqual({ ok: false, reason: "not-allowed-in-state" });
      expect(await quotes.detail(partner.partnerId, quote.id)).toMatchObject({ status: "ordered", orderId });
      expect(await quotes.quotedLines(partner.partnerId, quote.id)).toBeNull();
    });

    it("declines, after which nothing more happens", async () => {
      const quote = await replied(partner);
      expect(await quotes.decline(jonas, quote.id)).toMatchObject({ ok: true, value: { status: "declined" } });
      expect(await quotes.accept(jonas, quote.id)).toEqual({ ok: false, reason: "not-allowed-in-state" });
      expect(await quotes.markInReview(quote.id)).toEqual({ ok: false, reason: "not-allowed-in-state" });
    });

    it("cannot accept, decline or change an expired quote, which shows as expired", async () => {
      const quote = await replied(mara, day(0));
      const accepted = await replied(mara, day(0));
      expect((await quotes.accept(partner, accepted.id))?.ok).toBe(true);
      const before = await stored(quote.id);
      const saved = clock;
      try {
        // The next day, one millisecond after the validity day ended.
        clock = Date.parse(`${day(1)}T00:00:00.000Z`);
        expect(await quotes.accept(jonas, quote.id)).toEqual({ ok: false, reason: "expired" });
        expect(await quotes.decline(jonas, quote.id)).toEqual({ ok: false, reason: "expired" });
        expect(await quotes.requestChanges(jonas, quote.id, "Still valid?")).toEqual({ ok: false, reason: "expired" });
        expect(await stored(quote.id)).toEqual(before);
        expect(await commentCount(quote.id)).toBe(0);

        const detail = await quotes.detail(partner.partnerId, quote.id);
        expect(detail).toMatchObject({ status: "replied", displayStatus: "expired", actions: { accept: false, decline: false, requestChanges: false } });
        const listed = (await quotes.list(partner.partnerId, { page: 1 })).elements.find((q) => q.id === quote.id);
        expect(listed?.displayStatus).toBe("expired");
        expect((await quotes.listForShop({ status: "expired" })).elements.map((q) => q.id)).toEqual(expect.arrayContaining([quote.id, accepted.id]));
        expect((await quotes.listForShop({ status: "replied" })).elements.map((q) => q.id)).not.toContain(quote.id);
        expect((await quotes.listForShop({ status: "accepted" })).elements.map((q) => q.id)).not.toContain(accepted.id);

        // An accepted quote past its day can no longer be ordered at its prices.
        expect(await quotes.quotedLines(partner.partnerId, accepted.id)).toBeNull();
        expect(await quotes.markOrdered(accepted.id, await orderFor(partner.partnerId))).toEqual({ ok: false, reason: "expired" });
      } finally {
        clock = saved;
      }
      // On its last day it still held.
      expect((await quotes.detail(partner.partnerId, quote.id))!.displayStatus).toBe("replied");
    });

    it("leaves another company's quote alone: unknown to them, nothing changed", async () => {
      const quote = await replied(mara);
      const before = await stored(quote.id);
      const comments = await commentCount(quote.id);
      expect(await quotes.accept(south, quote.id)).toBeNull();
      expect(await quotes.decline(south, quote.id)).toBeNull();
      expect(await quotes.requestChanges(south, quote.id, "Mine now")).toBeNull();
      expect(await quotes.quotedLines(south.partnerId, quote.id)).toBeNull();
      expect(await stored(quote.id)).toEqual(before);
      expect(await commentCount(quote.id)).toBe(comments);
      // The owner still can.
      expect((await quotes.accept(jonas, quote.id))?.ok).toBe(true);
    });

    it("makes one transition of 20 concurrent accepts", async () => {
      const quote = await replied(mara);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => quotes.accept(i % 2 ? jonas : partner, quote.id)));
      expect(results.filter((r) => r?.ok)).toHaveLength(1);
      const refusals = results.filter((r) => r && !r.ok);
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) expect(refusal).toEqual({ ok: false, reason: "not-allowed-in-state" });
      expect((await stored(quote.id)).status).toBe("accepted");
    });
  });
});
