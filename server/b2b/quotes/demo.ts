import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { quoteTotals } from "./pricing";
import { startOfUtcDay, type QuoteState } from "./states";
import { b2bQuote, b2bQuoteComment, b2bQuoteLine } from "./tables";

/*
 * The demo shop's quotes (CONTRACT §6): the demo seed (seed/demo-b2b.ts) calls this once with the
 * companies it has just created: one quote answered by the shop and valid for 30 days, one expired, and
 * one for the second company.
 */

const DAY_MS = 86_400_000;

export interface DemoQuote {
  partnerId: string;
  employeeId: string | null;
  requesterName: string;
  /** open: as requested; replied: answered and valid for 30 days; expired: answered, its validity ended 10 days ago. */
  kind: "open" | "replied" | "expired";
}

/** The answered demo quotes' discounts, by line. */
const DEMO_DISCOUNTS = [1000, 500];
const DEMO_QUANTITIES = [10, 25];

interface DemoLine {
  variant_id: string;
  product_number: string;
  label: string;
  unit_gross: number;
}

/** The first catalog products sold one by one, each with today's unit price for its demo quantity. */
async function demoLines(db: Database, currency: string): Promise<(DemoLine & { quantity: number })[]> {
  const lines = [];
  for (const [position, quantity] of DEMO_QUANTITIES.entries()) {
    const [row] = await queryRows<DemoLine>(
      db,
      sql`select v.id as variant_id, v.product_number,
            p.name || coalesce(' (' || (select string_agg(g.name || ': ' || o.name, ', ' order by g.position, g.name)
               from product_variant_option vo join property_option o on o.id = vo.option_id
               join property_group g on g.id = o.group_id where vo.variant_id = v.id) || ')', '') as label,
            (select pr.gross from price pr where pr.variant_id = v.id and pr.currency = ${currency}
               and pr.quantity_start <= ${quantity} order by pr.quantity_start desc limit 1)::int as unit_gross
          from product_variant v join product p on p.id = v.product_id
          where v.active and p.active and v.min_purchase = 1 and v.purchase_step = 1 and v.max_purchase >= ${quantity}
            and exists (select 1 from price pr where pr.variant_id = v.id and pr.currency = ${currency} and pr.quantity_start = 1)
          order by v.product_number offset ${position} limit 1`,
    );
    if (row) lines.push({ ...row, quantity });
  }
  return lines;
}

/** Inserts the quotes (inside the seed's transaction when given one); nothing when the catalog has no product. */
export async function insertDemoQuotes(db: Database, shop: { currency: string; name: string }, quotes: DemoQuote[], now = new Date()): Promise<void> {
  const catalog = await demoLines(db, shop.currency);
  if (catalog.length === 0) return;
  const lines = catalog.map((line, i) => ({ ...line, discount: DEMO_DISCOUNTS[i]! }));
  const today = startOfUtcDay(now).getTime();
  for (const quote of quotes) {
    const answered = quote.kind !== "open";
    const priced = lines.map((line) => ({ quantity: line.quantity, listUnitGross: line.unit_gross, discountBasisPoints: answered ? line.discount : 0 }));
    const totals = quoteTotals(priced);
    const status: QuoteState = answered ? "replied" : "open";
    // The expired quote was asked for and answered weeks ago (its offer ended 10 days ago); the others today.
    const asked = new Date(quote.kind === "expired" ? today - 40 * DAY_MS : now.getTime() - 2 * 3_600_000);
    const [row] = await db
      .insert(b2bQuote)
      .values({
        partnerId: quote.partnerId,
        employeeId: quote.employeeId,
        requesterName: quote.requesterName,
        status,
        currency: shop.currency,
        positionsGross: totals.positionsGross,
        totalGross: totals.totalGross,
        validUntil: answered ? new Date(today + (quote.kind === "replied" ? 30 : -10) * DAY_MS) : null,
        createdAt: asked,
        updatedAt: answered ? new Date(asked.getTime() + 3_600_000) : asked,
      })
      .returning({ id: b2bQuote.id });
    const quoteId = row!.id;
    await db.insert(b2bQuoteLine).values(
      lines.map((line, position) => ({
        quoteId,
        variantId: line.variant_id,
        productNumber: line.product_number,
        label: line.label,
        quantity: line.quantity,
        listUnitGross: line.unit_gross,
        discountBasisPoints: priced[position]!.discountBasisPoints,
        position,
      })),
    );
    // Explicit times: inside one transaction `now()` is the same for both, and the question comes first.
    await db.insert(b2bQuoteComment).values({ quoteId, authorKind: "customer", authorName: quote.requesterName, text: "We order these every quarter. Can you offer a better price?", createdAt: asked });
    if (answered) {
      const replied = new Date(asked.getTime() + 3_600_000);
      await db.insert(b2bQuoteComment).values({ quoteId, authorKind: "shop", authorName: shop.name, text: "Thank you for your request: 10 % and 5 % off for these quantities.", createdAt: replied });
    }
  }
}
