import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Permission } from "../../../kernel/b2b-permissions";
import { findCart, loadLines } from "../../cart/load";
import type { SalesChannelContext } from "../../catalog/service";
import { fieldErrors } from "../../customer/schemas";
import { customer } from "../../customer/tables";
import type { FieldErrors } from "../../customer/types";
import type { Database } from "../../db/client";
import { isRowId } from "../../db/query";
import { customerOrder } from "../../order/tables";
import { hashToken } from "../../visitor";
import { allows } from "../api";
import type { B2bActor } from "../types";
import { quotedUnitGross, quoteNumberLabel, quoteTotals } from "./pricing";
import { changesSchema, isoDate, replySchema, requestSchema } from "./schemas";
import { canApply, displayStatus, isExpired, startOfUtcDay, transition, type QuoteDisplayStatus, type QuoteEvent, type QuoteStateInput } from "./states";
import { b2bQuote, b2bQuoteComment, b2bQuoteLine } from "./tables";
import {
  QUOTE_PAGE_SIZE,
  type QuoteActions,
  type QuoteDetail,
  type QuotePage,
  type QuoteRefusal,
  type QuoteResult,
  type QuoteService,
  type QuoteSummary,
  type ShopQuoteDetail,
  type ShopQuoteSummary,
} from "./types";

export interface QuoteServiceDeps {
  db: Database;
  channel: SalesChannelContext;
  now?: () => Date;
}

/** What a change inside its transaction ends with: null for a quote that is not there (or not the caller's). */
type Outcome = { ok: true } | { ok: false; reason: QuoteRefusal; errors?: FieldErrors } | null;

const refused = (reason: QuoteRefusal) => ({ ok: false as const, reason });

/** The company's name as the console shows it: the customer's company, else their name. */
const companyName = sql<string>`coalesce(nullif(${customer.company}, ''), ${customer.firstName} || ' ' || ${customer.lastName})`;

const summaryColumns = {
  id: b2bQuote.id,
  number: b2bQuote.number,
  status: b2bQuote.status,
  currency: b2bQuote.currency,
  totalGross: b2bQuote.totalGross,
  validUntil: b2bQuote.validUntil,
  employeeId: b2bQuote.employeeId,
  requesterName: b2bQuote.requesterName,
  createdAt: b2bQuote.createdAt,
  updatedAt: b2bQuote.updatedAt,
  // Qualified by hand: drizzle writes a column of a single-table select unqualified, which inside this
  // subquery would name the line's own id.
  lineCount: sql<number>`(select count(*)::int from b2b_quote_line l where l.quote_id = "b2b_quote"."id")`,
};

interface SummaryRow extends QuoteStateInput {
  id: string;
  number: number;
  currency: string;
  totalGross: number;
  employeeId: string | null;
  requesterName: string;
  createdAt: Date;
  updatedAt: Date;
  lineCount: number;
}

function actionsOf(quote: QuoteStateInput, at: Date): QuoteActions {
  return {
    review: canApply(quote, "review", at),
    reply: canApply(quote, "reply", at),
    accept: canApply(quote, "accept", at),
    decline: canApply(quote, "decline", at),
    requestChanges: canApply(quote, "request_changes", at),
  };
}

function toSummary(row: SummaryRow, at: Date): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    numberLabel: quoteNumberLabel(row.number),
    status: row.status,
    displayStatus: displayStatus(row, at),
    currency: row.currency,
    totalGross: row.totalGross,
    validUntil: row.validUntil ? isoDate(row.validUntil) : null,
    requesterId: row.employeeId,
    requesterName: row.requesterName,
    lineCount: Number(row.lineCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The quotes of one display status: `expired` is a replied or accepted quote past its day (see ./states.ts). */
function displayStatusFilter(status: QuoteDisplayStatus | undefined, at: Date): SQL | undefined {
  if (!status) return undefined;
  const dayStart = startOfUtcDay(at);
  if (status === "expired") return and(inArray(b2bQuote.status, ["replied", "accepted"]), lt(b2bQuote.validUntil, dayStart));
  if (status === "replied" || status === "accepted") {
    return and(eq(b2bQuote.status, status), or(isNull(b2bQuote.validUntil), gte(b2bQuote.validUntil, dayStart)));
  }
  return eq(b2bQuote.status, status);
}

/** The page asked for, within 1 and the last page (an empty list has page 1). */
function pageWithin(page: number | undefined, total: number): number {
  const last = Math.max(1, Math.ceil(total / QUOTE_PAGE_SIZE));
  const asked = Number.isFinite(page) ? Math.floor(page!) : 1;
  return Math.min(Math.max(1, asked), last);
}

const asTx = (t: unknown) => t as Database;

export function createQuoteService({ db, channel, now = () => new Date() }: QuoteServiceDeps): QuoteService {
  /** The shop's quotes: those of this sales channel's companies. */
  const ofChannel = () => inArray(b2bQuote.partnerId, db.select({ id: customer.id }).from(customer).where(eq(customer.salesChannelId, channel.id)));

  /** Who writes as the customer: the employee, or the company for the partner's own login. */
  async function actorName(actor: B2bActor, executor: Database = db): Promise<string> {
    if (actor.employee) return `${actor.employee.firstName} ${actor.employee.lastName}`;
    const [row] = await executor.select({ name: companyName }).from(customer).where(eq(customer.id, actor.partnerId));
    return row?.name ?? "";
  }

  async function loadDetail(where: SQL | undefined): Promise<ShopQuoteDetail | null> {
    const at = now();
    const [row] = await db
      .select({ ...summaryColumns, partnerId: b2bQuote.partnerId, company: companyName, orderId: b2bQuote.orderId })
      .from(b2bQuote)
      .innerJoin(customer, eq(customer.id, b2bQuote.partnerId))
      .where(where);
    if (!row) return null;
    const lines = await db.select().from(b2bQuoteLine).where(eq(b2bQuoteLine.quoteId, row.id)).orderBy(asc(b2bQuoteLine.position));
    const comments = await db
      .select()
      .from(b2bQuoteComment)
      .where(eq(b2bQuoteComment.quoteId, row.id))
      .orderBy(asc(b2bQuoteComment.createdAt), asc(b2bQuoteComment.id));
    return {
      ...toSummary(row, at),
      partnerId: row.partnerId,
      company: row.company,
      orderId: row.orderId,
      lines: lines.map((line) => {
        const unit = quotedUnitGross(line.listUnitGross, line.discountBasisPoints);
        return {
          id: line.id,
          variantId: line.variantId,
          productNumber: line.productNumber,
          label: line.label,
          quantity: line.quantity,
          listUnitGross: line.listUnitGross,
          discountBasisPoints: line.discountBasisPoints,
          quotedUnitGross: unit,
          totalGross: unit * line.quantity,
        };
      }),
      totals: quoteTotals(lines),
      comments: comments.map((c) => ({ id: c.id, authorKind: c.authorKind, authorName: c.authorName, text: c.text, createdAt: c.createdAt.toISOString() })),
      actions: actionsOf(row, at),
    };
  }

  async function customerDetail(partnerId: string, quoteId: string, requesterId?: string | null): Promise<QuoteDetail | null> {
    if (!isRowId(partnerId) || !isRowId(quoteId) || (requesterId && !isRowId(requesterId))) return null;
    const found = await loadDetail(and(eq(b2bQuote.id, quoteId), eq(b2bQuote.partnerId, partnerId), requesterId ? eq(b2bQuote.employeeId, requesterId) : undefined));
    if (!found) return null;
    const { partnerId: _partner, company: _company, ...detail } = found;
    return detail;
  }

  const shopDetail = (quoteId: string) => (isRowId(quoteId) ? loadDetail(and(eq(b2bQuote.id, quoteId), eq(customer.salesChannelId, channel.id))) : Promise.resolve(null));

  /**
   * One transition under the quote's row lock: of concurrent calls, the first moves the quote and the
   * others see the new state and are refused by the machine. `extra` writes what goes with it.
   */
  async function transitionLocked(
    tx: Database,
    where: SQL | undefined,
    event: QuoteEvent,
    extra?: (quote: { id: string; partnerId: string }) => Promise<Outcome | void>,
  ): Promise<Outcome> {
    const [row] = await tx
      .select({ id: b2bQuote.id, partnerId: b2bQuote.partnerId, status: b2bQuote.status, validUntil: b2bQuote.validUntil })
      .from(b2bQuote)
      .where(where)
      .for("update");
    if (!row) return null;
    const result = transition(row, event, now());
    if (!result.ok) return refused(result.reason);
    const stop = await extra?.(row);
    if (stop) return stop;
    await tx.update(b2bQuote).set({ status: result.status, updatedAt: sql`now()` }).where(eq(b2bQuote.id, row.id));
    return { ok: true };
  }

  async function customerAction(actor: B2bActor, quoteId: string, permission: Permission, event: QuoteEvent, comment?: string) {
    if (!isRowId(quoteId)) return null;
    if (!allows(actor, permission)) return refused("forbidden");
    const authorName = comment ? await actorName(actor) : "";
    const outcome = await db.transaction((t) =>
      transitionLocked(asTx(t), and(eq(b2bQuote.id, quoteId), eq(b2bQuote.partnerId, actor.partnerId)), event, async ({ id }) => {
        if (comment) await asTx(t).insert(b2bQuoteComment).values({ quoteId: id, authorKind: "customer", authorName, text: comment });
      }),
    );
    if (!outcome?.ok) return outcome;
    return { ok: true as const, value: (await customerDetail(actor.partnerId, quoteId))! };
  }

  async function shopAction(quoteId: string, change: (tx: Database) => Promise<Outcome>): Promise<QuoteResult<ShopQuoteDetail> | null> {
    if (!isRowId(quoteId)) return null;
    const outcome = await db.transaction((t) => change(asTx(t)));
    if (!outcome?.ok) return outcome;
    return { ok: true, value: (await shopDetail(quoteId))! };
  }

  async function page<T>(total: number, asked: number | undefined, fetch: (offset: number) => Promise<T[]>): Promise<QuotePage<T>> {
    const shown = pageWithin(asked, total);
    return { elements: total ? await fetch((shown - 1) * QUOTE_PAGE_SIZE) : [], total, page: shown, pageSize: QUOTE_PAGE_SIZE };
  }

  return {
    async requestFromCart(actor, cartToken, comment) {
      if (!allows(actor, "quote.request")) return refused("forbidden");
      const parsedComment = requestSchema.safeParse({ comment: comment ?? "" });
      if (!parsedComment.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsedComment.error) };
      if (!cartToken) return refused("cart-empty");
      const requesterName = await actorName(actor);
      const created = await db.transaction(async (t) => {
        const tx = asTx(t);
        // The cart's row lock keeps its lines still while they are copied.
        const cartRow = await findCart(tx, hashToken(cartToken), channel.id, true);
        const lines = cartRow ? await loadLines(tx, cartRow.id, channel.currency) : [];
        if (!cartRow || lines.length === 0) return refused("cart-empty");
        if (lines.some((line) => line.subscription_plan_id)) return refused("cart-has-subscription");
        if (lines.some((line) => !line.available || line.unit_gross === null)) return refused("cart-line-unavailable");
        const priced = lines.map((line) => ({ quantity: line.quantity, listUnitGross: line.unit_gross!, discountBasisPoints: 0 }));
        const totals = quoteTotals(priced);
        const [quote] = await tx
          .insert(b2bQuote)
          .values({
            partnerId: actor.partnerId,
            employeeId: actor.employee?.id ?? null,
            requesterName,
            currency: channel.currency,
            positionsGross: totals.positionsGross,
            totalGross: totals.totalGross,
            cartId: cartRow.id,
          })
          .returning({ id: b2bQuote.id });
        const quoteId = quote!.id;
        await tx.insert(b2bQuoteLine).values(
          lines.map((line, position) => ({
            quoteId,
            variantId: line.variant_id,
            productNumber: line.product_number,
            label: line.options.length ? `${line.name} (${line.options.map((o) => `${o.group}: ${o.option}`).join(", ")})` : line.name,
            quantity: line.quantity,
            listUnitGross: line.unit_gross!,
            position,
          })),
        );
        const { comment: text } = parsedComment.data;
        if (text) await tx.insert(b2bQuoteComment).values({ quoteId, authorKind: "customer", authorName: requesterName, text });
        return { ok: true as const, quoteId };
      });
      if (!created.ok) return created;
      return { ok: true, value: (await customerDetail(actor.partnerId, created.quoteId))! };
    },

    async list(partnerId, { requesterId = null, page: asked }) {
      const empty = { elements: [], total: 0, page: 1, pageSize: QUOTE_PAGE_SIZE };
      if (!isRowId(partnerId) || (requesterId !== null && !isRowId(requesterId))) return empty;
      const where = and(eq(b2bQuote.partnerId, partnerId), requesterId ? eq(b2bQuote.employeeId, requesterId) : undefined);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(b2bQuote).where(where);
      const at = now();
      return page(Number(total), asked, async (offset) => {
        const rows = await db.select(summaryColumns).from(b2bQuote).where(where).orderBy(desc(b2bQuote.createdAt), desc(b2bQuote.number)).limit(QUOTE_PAGE_SIZE).offset(offset);
        return rows.map((row) => toSummary(row, at));
      });
    },

    detail: (partnerId, quoteId, options = {}) => customerDetail(partnerId, quoteId, options.requesterId),

    accept: (actor, quoteId) => customerAction(actor, quoteId, "quote.accept", { type: "accept" }),
    decline: (actor, quoteId) => customerAction(actor, quoteId, "quote.decline", { type: "decline" }),

    async requestChanges(actor, quoteId, comment) {
      if (!isRowId(quoteId)) return null;
      const parsed = changesSchema.safeParse({ comment });
      if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
      const { comment: text } = parsed.data;
      return customerAction(actor, quoteId, "quote.request_change", { type: "request_changes", comment: text }, text);
    },

    async listForShop({ status, page: asked }) {
      const at = now();
      const where = and(eq(customer.salesChannelId, channel.id), displayStatusFilter(status, at));
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(b2bQuote).innerJoin(customer, eq(customer.id, b2bQuote.partnerId)).where(where);
      return page<ShopQuoteSummary>(Number(total), asked, async (offset) => {
        const rows = await db
          .select({ ...summaryColumns, partnerId: b2bQuote.partnerId, company: companyName })
          .from(b2bQuote)
          .innerJoin(customer, eq(customer.id, b2bQuote.partnerId))
          .where(where)
          .orderBy(desc(b2bQuote.createdAt), desc(b2bQuote.number))
          .limit(QUOTE_PAGE_SIZE)
          .offset(offset);
        return rows.map((row) => ({ ...toSummary(row, at), partnerId: row.partnerId, company: row.company }));
      });
    },

    detailForShop: shopDetail,

    markInReview: (quoteId) => shopAction(quoteId, (tx) => transitionLocked(tx, and(eq(b2bQuote.id, quoteId), ofChannel()), { type: "review" })),

    async reply(quoteId, input) {
      if (!isRowId(quoteId)) return null;
      const parsed = replySchema.safeParse(input);
      if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
      const { discounts, validUntil, comment } = parsed.data;
      return shopAction(quoteId, (tx) =>
        transitionLocked(tx, and(eq(b2bQuote.id, quoteId), ofChannel()), { type: "reply", validUntil }, async ({ id }) => {
          const lines = await tx.select().from(b2bQuoteLine).where(eq(b2bQuoteLine.quoteId, id));
          const known = new Set(lines.map((line) => line.id));
          if (Object.keys(discounts).some((lineId) => !known.has(lineId))) return { ok: false, reason: "invalid", errors: { discounts: "invalid" } };
          const priced = lines.map((line) => ({ ...line, discountBasisPoints: discounts[line.id] ?? line.discountBasisPoints }));
          for (const line of priced) {
            if (line.id in discounts) await tx.update(b2bQuoteLine).set({ discountBasisPoints: line.discountBasisPoints }).where(eq(b2bQuoteLine.id, line.id));
          }
          await tx.update(b2bQuote).set({ validUntil, totalGross: quoteTotals(priced).totalGross }).where(eq(b2bQuote.id, id));
          if (comment) await tx.insert(b2bQuoteComment).values({ quoteId: id, authorKind: "shop", authorName: channel.name, text: comment });
        }),
      );
    },

    async markOrdered(quoteId, orderId, executor) {
      if (!isRowId(quoteId) || !isRowId(orderId)) return null;
      const work = async (tx: Database) => {
        const [order] = await tx.select({ customerId: customerOrder.customerId }).from(customerOrder).where(eq(customerOrder.id, orderId));
        const outcome = await transitionLocked(tx, and(eq(b2bQuote.id, quoteId), ofChannel()), { type: "order_placed" }, async ({ id, partnerId }) => {
          if (!order || order.customerId !== partnerId) return refused("order-mismatch");
          await tx.update(b2bQuote).set({ orderId }).where(eq(b2bQuote.id, id));
        });
        return outcome?.ok ? { ok: true as const, value: { status: "ordered" as const } } : outcome;
      };
      return executor ? work(executor) : db.transaction((t) => work(asTx(t)));
    },

    async quotedLines(partnerId, quoteId, executor = db) {
      if (!isRowId(partnerId) || !isRowId(quoteId)) return null;
      const query = executor
        .select({ status: b2bQuote.status, validUntil: b2bQuote.validUntil })
        .from(b2bQuote)
        .where(and(eq(b2bQuote.id, quoteId), eq(b2bQuote.partnerId, partnerId), eq(b2bQuote.currency, channel.currency)));
      // Inside the checkout's transaction the lock holds the quote until the order and `markOrdered` commit.
      const [quote] = executor === db ? await query : await query.for("update");
      if (!quote || quote.status !== "accepted" || isExpired(quote, now())) return null;
      const lines = await executor.select().from(b2bQuoteLine).where(eq(b2bQuoteLine.quoteId, quoteId)).orderBy(asc(b2bQuoteLine.position));
      if (lines.some((line) => line.variantId === null)) return null;
      return lines.map((line) => ({ variantId: line.variantId!, quantity: line.quantity, unitGross: quotedUnitGross(line.listUnitGross, line.discountBasisPoints) }));
    },
  };
}
