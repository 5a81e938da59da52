import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Locale } from "../../../kernel/i18n/locales";
import { routeNames } from "../../../kernel/route-names";
import type { SalesChannelContext } from "../../catalog/service";
import { findCart, type CartRow } from "../../cart/load";
import type { CartService } from "../../cart/service-types";
import { cart as cartTable } from "../../cart/tables";
import type { CartView } from "../../cart/types";
import { fieldErrors } from "../../customer/schemas";
import { isUniqueViolation } from "../../customer/service";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { isRowId, queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import { linkMail } from "../../mail/link-mail";
import type { Mailer } from "../../mail/mailer";
import { lineIssueErrors } from "../../order/line-issues";
import type { OrderService } from "../../order/service-types";
import { customerOrder } from "../../order/tables";
import type { OrderError } from "../../order/types";
import { providerOf } from "../../payment/methods";
import { hashToken, newToken } from "../../visitor";
import { b2bEmployee, b2bRole } from "../tables";
import type { B2bActor } from "../types";
import { pendingOrderNumberLabel } from "../../../kernel/b2b-approvals";
import { approvalRuleFor } from "./rules";
import { declineSchema, ruleSchema, ruleSearchSchema } from "./schemas";
import { b2bApprovalRule, b2bPendingOrder } from "./tables";
import type { ApprovalRefusal, ApprovalRuleInput, ApprovalRuleView, PendingOrderLine, PendingOrderView, SavedRule } from "./types";
import type { FieldErrors } from "../../customer/types";
import { formatMoney } from "../../../kernel/money";

export type RequestResult = { ok: true; pending: PendingOrderView } | { ok: false; errors: OrderError[] };
export type Decision = { ok: true; pending: PendingOrderView } | { ok: false; reason: ApprovalRefusal; orderErrors?: OrderError[] } | { ok: false; errors: FieldErrors };

/** The rule that holds an order, as the confirm page says it. */
export interface HoldingRule {
  name: string;
  reviewerRoleName: string | null;
}

/**
 * Approval rules and pending orders (issue 24, reference §15.1 "Order approval"). Every method reads and
 * writes the actor's company only; callers check the page's permission first (app/b2b.server.ts), the
 * service checks ownership and who may decide.
 */
export interface ApprovalService {
  rules(partnerId: string, search?: string): Promise<ApprovalRuleView[]>;
  rule(partnerId: string, ruleId: string): Promise<ApprovalRuleView | null>;
  /** Creates (`ruleId` null) or updates a rule; null when `ruleId` is not the company's. */
  saveRule(partnerId: string, ruleId: string | null, input: ApprovalRuleInput): Promise<SavedRule | null>;
  deleteRule(partnerId: string, ruleId: string): Promise<boolean>;
  /** The rule that holds the actor's order of this cart, or null (the partner's orders are never held). */
  holdingRule(actor: B2bActor, cart: { currency: string; totals: Pick<CartView["totals"], "grossTotal"> }): Promise<HoldingRule | null>;
  /**
   * Turns the confirmed cart into a pending order: no order and no payment yet. The cart leaves the
   * session (the requester shops on with a new one) and waits for the decision.
   */
  request(
    actor: B2bActor,
    input: { cartToken: string; revision: number; expectedGrossTotal?: number; customerComment?: string },
    mail: { locale: Locale },
  ): Promise<RequestResult>;
  /** The pending orders the actor sees: all of the company's with `pending_order.read_all` (and for the partner), else their own. */
  pendingOrders(actor: B2bActor): Promise<PendingOrderView[]>;
  /** Places the order (and its payment) from the held cart; null when the actor does not see the pending order. */
  approve(actor: B2bActor, pendingId: string, mail: { locale: Locale }): Promise<Decision | null>;
  /** Ends it with a reason the requester gets by mail; null when the actor does not see the pending order. */
  decline(actor: B2bActor, pendingId: string, input: { reason: string }, mail: { locale: Locale }): Promise<Decision | null>;
}

export interface ApprovalServiceDeps {
  db: Database;
  channel: SalesChannelContext;
  cart: CartService & { viewOf(tx: Database, row: CartRow | null): Promise<CartView> };
  orders: Pick<OrderService, "placeApproved">;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  now?: () => Date;
}

const MAILS = {
  requested: {
    en: { subject: "Order {number} waits for your approval", lines: ["{requester} ordered for {total} ({rule}).", "Approve or decline it here:", "{link}"] },
    de: { subject: "Bestellung {number} wartet auf Ihre Freigabe", lines: ["{requester} hat für {total} bestellt ({rule}).", "Hier geben Sie sie frei oder lehnen sie ab:", "{link}"] },
  },
  approved: {
    en: { subject: "Your order {number} was approved", lines: ["Hello {requester},", "{decider} approved your order {number}. It is placed as order {orderNumber}.", "{link}"] },
    de: { subject: "Ihre Bestellung {number} wurde freigegeben", lines: ["Hallo {requester},", "{decider} hat Ihre Bestellung {number} freigegeben. Sie ist als Bestellung {orderNumber} aufgegeben.", "{link}"] },
  },
  declined: {
    en: { subject: "Your order {number} was declined", lines: ["Hello {requester},", "{decider} declined your order {number}. The reason:", "{reason}", "{link}"] },
    de: { subject: "Ihre Bestellung {number} wurde abgelehnt", lines: ["Hallo {requester},", "{decider} hat Ihre Bestellung {number} abgelehnt. Der Grund:", "{reason}", "{link}"] },
  },
} satisfies Record<string, Record<Locale, { subject: string; lines: string[] }>>;

const appliesRole = alias(b2bRole, "applies_role");
const reviewerRole = alias(b2bRole, "reviewer_role");

const ruleColumns = {
  id: b2bApprovalRule.id,
  name: b2bApprovalRule.name,
  appliesToRoleId: b2bApprovalRule.appliesToRoleId,
  appliesToRoleName: appliesRole.name,
  totalAboveGross: b2bApprovalRule.totalAboveGross,
  currency: b2bApprovalRule.currency,
  reviewerRoleId: b2bApprovalRule.reviewerRoleId,
  reviewerRoleName: reviewerRole.name,
  priority: b2bApprovalRule.priority,
};

const pendingColumns = {
  id: b2bPendingOrder.id,
  number: b2bPendingOrder.number,
  status: b2bPendingOrder.status,
  employeeId: b2bPendingOrder.employeeId,
  requesterName: b2bPendingOrder.requesterName,
  ruleName: b2bPendingOrder.ruleName,
  reviewerRoleId: b2bPendingOrder.reviewerRoleId,
  reviewerRoleName: reviewerRole.name,
  currency: b2bPendingOrder.currency,
  totalGross: b2bPendingOrder.totalGross,
  lines: b2bPendingOrder.lines,
  customerComment: b2bPendingOrder.customerComment,
  createdAt: b2bPendingOrder.createdAt,
  deciderName: b2bPendingOrder.deciderName,
  declineReason: b2bPendingOrder.declineReason,
  decidedAt: b2bPendingOrder.decidedAt,
  cartId: b2bPendingOrder.cartId,
  cartRevision: b2bPendingOrder.cartRevision,
  orderNumber: customerOrder.orderNumber,
};

interface PendingRow {
  id: string;
  number: number;
  status: PendingOrderView["status"];
  employeeId: string | null;
  requesterName: string;
  ruleName: string;
  reviewerRoleId: string | null;
  reviewerRoleName: string | null;
  currency: string;
  totalGross: number;
  lines: PendingOrderLine[];
  customerComment: string | null;
  createdAt: Date;
  deciderName: string | null;
  declineReason: string | null;
  decidedAt: Date | null;
  cartId: string | null;
  cartRevision: number;
  orderNumber: string | null;
}


export function createApprovalService({ db, channel, cart: carts, orders, mailer, logger, appUrl, now = () => new Date() }: ApprovalServiceDeps): ApprovalService {
  const pendingPage = appUrl + routeNames["frontend.account.pending-orders.page"];

  async function ruleViews(partnerId: string, where?: ReturnType<typeof and>): Promise<ApprovalRuleView[]> {
    return db
      .select(ruleColumns)
      .from(b2bApprovalRule)
      .leftJoin(appliesRole, eq(appliesRole.id, b2bApprovalRule.appliesToRoleId))
      .leftJoin(reviewerRole, eq(reviewerRole.id, b2bApprovalRule.reviewerRoleId))
      .where(and(eq(b2bApprovalRule.partnerId, partnerId), where))
      .orderBy(desc(b2bApprovalRule.priority), asc(sql`lower(${b2bApprovalRule.name})`));
  }

  const rolesOfPartner = async (partnerId: string, ids: string[]) =>
    (await db.select({ id: b2bRole.id }).from(b2bRole).where(and(eq(b2bRole.partnerId, partnerId), inArray(b2bRole.id, ids)))).map((r) => r.id);

  /** The acting employee's role (null for the partner, or an employee without one). */
  async function roleOf(actor: B2bActor): Promise<string | null> {
    if (!actor.employee) return null;
    const [row] = await db.select({ roleId: b2bEmployee.roleId }).from(b2bEmployee).where(and(eq(b2bEmployee.id, actor.employee.id), eq(b2bEmployee.partnerId, actor.partnerId)));
    return row?.roleId ?? null;
  }

  const seesAll = (actor: B2bActor) => actor.employee === null || actor.permissions.includes("pending_order.read_all");

  /** Why the actor may not decide this pending order, or null when they may. */
  function refusalOf(actor: B2bActor, actorRole: string | null, row: Pick<PendingRow, "status" | "employeeId" | "reviewerRoleId">): ApprovalRefusal | null {
    if (row.status !== "pending") return "already-decided";
    if (actor.employee === null) return null;
    if (row.employeeId === actor.employee.id) return "own-order";
    if (!actor.permissions.includes("pending_order.approve_decline") || row.reviewerRoleId === null || row.reviewerRoleId !== actorRole) return "not-reviewer";
    return null;
  }

  function toView(row: PendingRow, actor: B2bActor, actorRole: string | null): PendingOrderView {
    return {
      id: row.id,
      number: row.number,
      numberLabel: pendingOrderNumberLabel(row.number),
      status: row.status,
      requesterId: row.employeeId,
      requesterName: row.requesterName,
      ruleName: row.ruleName,
      reviewerRoleName: row.reviewerRoleName,
      currency: row.currency,
      totalGross: row.totalGross,
      lines: row.lines,
      customerComment: row.customerComment,
      createdAt: row.createdAt.toISOString(),
      deciderName: row.deciderName,
      declineReason: row.declineReason,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      orderNumber: row.orderNumber,
      decidable: refusalOf(actor, actorRole, row) === null,
    };
  }

  async function pendingRows(actor: B2bActor, pendingId?: string): Promise<PendingRow[]> {
    return db
      .select(pendingColumns)
      .from(b2bPendingOrder)
      .leftJoin(reviewerRole, eq(reviewerRole.id, b2bPendingOrder.reviewerRoleId))
      .leftJoin(customerOrder, eq(customerOrder.id, b2bPendingOrder.orderId))
      .where(
        and(
          eq(b2bPendingOrder.partnerId, actor.partnerId),
          pendingId ? eq(b2bPendingOrder.id, pendingId) : undefined,
          seesAll(actor) ? undefined : eq(b2bPendingOrder.employeeId, actor.employee!.id),
        ),
      )
      .orderBy(desc(b2bPendingOrder.createdAt), desc(b2bPendingOrder.number));
  }

  async function send(to: string | null, texts: { subject: string; lines: string[] }, values: Record<string, string>, context: Record<string, unknown>) {
    if (!to) return;
    const fill = (line: string) => Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, value), line);
    await mailer
      .send(linkMail(to, pendingPage, { subject: fill(texts.subject), lines: texts.lines.map(fill) }))
      .catch((error: unknown) => logger.error("pending order mail failed", { ...context, error: String(error) }));
  }

  const requesterEmail = async (employeeId: string | null) =>
    employeeId ? ((await db.select({ email: b2bEmployee.email }).from(b2bEmployee).where(eq(b2bEmployee.id, employeeId)))[0]?.email ?? null) : null;

  const deciderName = (actor: B2bActor, company: string) => (actor.employee ? `${actor.employee.firstName} ${actor.employee.lastName}` : company);

  async function companyName(partnerId: string): Promise<string> {
    const [row] = await db
      .select({ name: sql<string>`coalesce(nullif(${customer.company}, ''), ${customer.firstName} || ' ' || ${customer.lastName})` })
      .from(customer)
      .where(eq(customer.id, partnerId));
    return row?.name ?? "";
  }

  /** The pending order the actor sees, their role and why they may not decide it (null: they may). */
  async function decisionContext(actor: B2bActor, pendingId: string) {
    if (!isRowId(pendingId)) return null;
    const [row] = await pendingRows(actor, pendingId);
    if (!row) return null;
    const actorRole = await roleOf(actor);
    return { row, actorRole, refusal: refusalOf(actor, actorRole, row) };
  }

  async function viewAfter(actor: B2bActor, pendingId: string, actorRole: string | null): Promise<PendingOrderView> {
    const [row] = await pendingRows(actor, pendingId);
    return toView(row!, actor, actorRole);
  }

  return {
    async rules(partnerId, search) {
      const term = ruleSearchSchema.parse(search ?? "");
      if (!term) return ruleViews(partnerId);
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return ruleViews(partnerId, or(ilike(b2bApprovalRule.name, like), ilike(appliesRole.name, like), ilike(reviewerRole.name, like)));
    },

    async rule(partnerId, ruleId) {
      if (!isRowId(ruleId)) return null;
      return (await ruleViews(partnerId, eq(b2bApprovalRule.id, ruleId)))[0] ?? null;
    },

    async saveRule(partnerId, ruleId, input) {
      if (ruleId !== null && (!isRowId(ruleId) || !(await this.rule(partnerId, ruleId)))) return null;
      const parsed = ruleSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      const { name, appliesToRoleId, totalAbove, reviewerRoleId, priority } = parsed.data;
      const known = await rolesOfPartner(partnerId, [appliesToRoleId, reviewerRoleId]);
      const errors: FieldErrors = {};
      if (!known.includes(appliesToRoleId)) errors.appliesToRoleId = "role-unknown";
      if (!known.includes(reviewerRoleId)) errors.reviewerRoleId = "role-unknown";
      if (Object.keys(errors).length) return { ok: false, errors };
      const values = { name, appliesToRoleId, totalAboveGross: totalAbove, currency: channel.currency, reviewerRoleId, priority, updatedAt: now() };
      try {
        const [row] =
          ruleId === null
            ? await db.insert(b2bApprovalRule).values({ partnerId, ...values }).returning({ id: b2bApprovalRule.id })
            : await db.update(b2bApprovalRule).set(values).where(and(eq(b2bApprovalRule.id, ruleId), eq(b2bApprovalRule.partnerId, partnerId))).returning({ id: b2bApprovalRule.id });
        return { ok: true, rule: (await this.rule(partnerId, row!.id))! };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, errors: { name: "name-taken" } };
        throw error;
      }
    },

    async deleteRule(partnerId, ruleId) {
      if (!isRowId(ruleId)) return false;
      const deleted = await db.delete(b2bApprovalRule).where(and(eq(b2bApprovalRule.id, ruleId), eq(b2bApprovalRule.partnerId, partnerId))).returning({ id: b2bApprovalRule.id });
      return deleted.length > 0;
    },

    async holdingRule(actor, cart) {
      const roleId = await roleOf(actor);
      const rule = await approvalRuleFor(db, actor.partnerId, { roleId, currency: cart.currency, grossTotal: cart.totals.grossTotal });
      if (!rule) return null;
      const [reviewer] = rule.reviewerRoleId ? await db.select({ name: b2bRole.name }).from(b2bRole).where(eq(b2bRole.id, rule.reviewerRoleId)) : [];
      return { name: rule.name, reviewerRoleName: reviewer?.name ?? null };
    },

    async request(actor, input, { locale }) {
      const employee = actor.employee;
      if (!employee) return { ok: false, errors: [{ code: "cart-changed" }] };
      const roleId = await roleOf(actor);
      const outcome = await db.transaction(async (t): Promise<{ ok: true; id: string } | { ok: false; errors: OrderError[] }> => {
        const tx = t as unknown as Database;
        const row = await findCart(tx, hashToken(input.cartToken), channel.id, true);
        if (!row) return { ok: false, errors: [{ code: "cart-empty" }] };
        if (row.revision !== input.revision) return { ok: false, errors: [{ code: "cart-changed" }] };
        const view = await carts.viewOf(tx, row);
        if (view.lineItems.length === 0) return { ok: false, errors: [{ code: "cart-empty" }] };
        const lineErrors = lineIssueErrors(view.lineItems);
        if (lineErrors.length) return { ok: false, errors: lineErrors };
        if (input.expectedGrossTotal !== undefined && input.expectedGrossTotal !== view.totals.grossTotal) {
          return { ok: false, errors: [{ code: "total-changed", grossTotal: view.totals.grossTotal }] };
        }
        if (!view.shippingMethods.some((m) => m.id === view.shippingMethodId)) return { ok: false, errors: [{ code: "shipping-method-missing" }] };
        // Payment runs after approval, without the requester: only the shop's own methods take it then.
        const method = view.paymentMethods.find((m) => m.id === view.paymentMethodId);
        if (!method || providerOf(method.technicalName) !== "manual") return { ok: false, errors: [{ code: "payment-method-missing" }] };
        const [address] = await queryRows<{ id: string }>(tx, sql`select default_billing_address_id as id from customer where id = ${actor.partnerId}`);
        if (!address?.id) return { ok: false, errors: [{ code: "address-missing" }] };
        const rule = await approvalRuleFor(tx, actor.partnerId, { roleId, currency: view.currency, grossTotal: view.totals.grossTotal });
        // No rule holds it (any more): the confirm page places it as usual.
        if (!rule) return { ok: false, errors: [{ code: "cart-changed" }] };
        const lines: PendingOrderLine[] = view.lineItems.map((line) => ({
          productNumber: line.productNumber,
          label: line.options.length ? `${line.name} (${line.options.map((o) => `${o.group}: ${o.option}`).join(", ")})` : line.name,
          quantity: line.quantity,
          unitGross: line.unitGross,
          totalGross: line.totalGross,
        }));
        const [pending] = await tx
          .insert(b2bPendingOrder)
          .values({
            partnerId: actor.partnerId,
            employeeId: employee.id,
            requesterName: `${employee.firstName} ${employee.lastName}`,
            ruleId: rule.id,
            ruleName: rule.name,
            reviewerRoleId: rule.reviewerRoleId,
            cartId: row.id,
            cartRevision: row.revision,
            currency: view.currency,
            totalGross: view.totals.grossTotal,
            lines,
            customerComment: input.customerComment?.trim() || null,
          })
          .returning({ id: b2bPendingOrder.id });
        // The cart leaves the session: its token is replaced by one nobody holds, and the employee is recorded.
        await tx.update(cartTable).set({ tokenHash: hashToken(newToken()), employeeId: employee.id }).where(eq(cartTable.id, row.id));
        return { ok: true, id: pending!.id };
      });
      if (!outcome.ok) return outcome;
      const pending = await viewAfter(actor, outcome.id, roleId);
      // The reviewers hear of it: the partner and the employees of the reviewer role who may decide.
      const [row] = await db.select({ reviewerRoleId: b2bPendingOrder.reviewerRoleId }).from(b2bPendingOrder).where(eq(b2bPendingOrder.id, outcome.id));
      const reviewers = row?.reviewerRoleId
        ? await db
            .select({ email: b2bEmployee.email, permissions: b2bRole.permissions })
            .from(b2bEmployee)
            .innerJoin(b2bRole, eq(b2bRole.id, b2bEmployee.roleId))
            .where(and(eq(b2bEmployee.roleId, row.reviewerRoleId), eq(b2bEmployee.active, true), eq(b2bEmployee.partnerId, actor.partnerId)))
        : [];
      const [partner] = await db.select({ email: customer.email }).from(customer).where(eq(customer.id, actor.partnerId));
      const recipients = new Set([partner?.email ?? null, ...reviewers.filter((r) => r.permissions.includes("pending_order.approve_decline")).map((r) => r.email)]);
      recipients.delete(employee.email);
      const values = { number: pending.numberLabel, requester: pending.requesterName, total: formatMoney(pending.totalGross, pending.currency, locale), rule: pending.ruleName };
      for (const to of recipients) await send(to, MAILS.requested[locale], values, { pendingOrder: pending.numberLabel });
      return { ok: true, pending };
    },

    async pendingOrders(actor) {
      const actorRole = await roleOf(actor);
      return (await pendingRows(actor)).map((row) => toView(row, actor, actorRole));
    },

    async approve(actor, pendingId, { locale }) {
      const context = await decisionContext(actor, pendingId);
      if (!context) return null;
      const { row, actorRole, refusal } = context;
      if (refusal) return { ok: false, reason: refusal };
      if (!row.cartId) return { ok: false, reason: "order-refused", orderErrors: [{ code: "cart-empty" }] };
      const company = await companyName(actor.partnerId);
      const decider = deciderName(actor, company);
      const placed = await orders.placeApproved(
        { cartId: row.cartId, revision: row.cartRevision, customerId: actor.partnerId, expectedGrossTotal: row.totalGross, customerComment: row.customerComment ?? undefined },
        {
          async claim(tx) {
            const locked = await queryRows<{ status: string }>(tx, sql`select status from b2b_pending_order where id = ${row.id} for update`);
            return locked[0]?.status === "pending";
          },
          async record(tx, order) {
            await tx
              .update(b2bPendingOrder)
              .set({ status: "approved", orderId: order.id, cartId: null, deciderName: decider, decidedAt: now() })
              .where(eq(b2bPendingOrder.id, row.id));
          },
        },
      );
      if (!placed.ok) {
        if (placed.errors.some((error) => error.code === "approval-decided")) return { ok: false, reason: "already-decided" };
        return { ok: false, reason: "order-refused", orderErrors: placed.errors };
      }
      const pending = await viewAfter(actor, row.id, actorRole);
      await send(
        await requesterEmail(row.employeeId),
        MAILS.approved[locale],
        { number: pending.numberLabel, requester: pending.requesterName, decider, orderNumber: placed.orderNumber },
        { pendingOrder: pending.numberLabel },
      );
      return { ok: true, pending };
    },

    async decline(actor, pendingId, input, { locale }) {
      const context = await decisionContext(actor, pendingId);
      if (!context) return null;
      const { row, actorRole, refusal } = context;
      const parsed = declineSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
      if (refusal) return { ok: false, reason: refusal };
      const decider = deciderName(actor, await companyName(actor.partnerId));
      const declined = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [updated] = await tx
          .update(b2bPendingOrder)
          .set({ status: "declined", cartId: null, declineReason: parsed.data.reason, deciderName: decider, decidedAt: now() })
          .where(and(eq(b2bPendingOrder.id, row.id), eq(b2bPendingOrder.status, "pending")))
          .returning({ id: b2bPendingOrder.id });
        // The held cart goes with it; the pending order keeps the lines that were asked for.
        if (updated && row.cartId) await tx.delete(cartTable).where(eq(cartTable.id, row.cartId));
        return !!updated;
      });
      if (!declined) return { ok: false, reason: "already-decided" };
      const pending = await viewAfter(actor, row.id, actorRole);
      await send(
        await requesterEmail(row.employeeId),
        MAILS.declined[locale],
        { number: pending.numberLabel, requester: pending.requesterName, decider, reason: parsed.data.reason },
        { pendingOrder: pending.numberLabel },
      );
      return { ok: true, pending };
    },
  };
}
