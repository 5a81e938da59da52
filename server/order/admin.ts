import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { en } from "../../kernel/i18n/en";
import type { Database } from "../db/client";
import { isRowId } from "../db/query";
import { paymentTransaction } from "../payment/tables";
import type { PaymentProviderName, TransactionState } from "../payment/types";
import type { TaxLine } from "../pricing/calculate";
import { customerOrder, orderAddress, orderDelivery, orderLineItem } from "./tables";
import { orderAddressView } from "./reading";
import type { OrderAddressView } from "./types";

/*
 * The operator console's reading of orders (issue 22): every order of the shop, not one customer's, with
 * a search over number, email and the billing name, and one order with all its payment attempts.
 */

/** Orders per page of the console's order list. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** A search longer than this is cut (nobody types more; the query stays cheap). */
export const ADMIN_ORDER_SEARCH_MAX = 100;
/** Pages beyond this are not asked for (a console's page parameter is never trusted). */
const MAX_PAGE = 100_000;

/** A payment state as the console shows it: the storefront's own words for it (CONTRACT §5). */
export const paymentStateLabel = (state: TransactionState): string => en[`payment.state.${state}`];

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  /** ISO 8601. */
  placedAt: string;
  customerName: string;
  email: string;
  grossTotal: number;
  currency: string;
  /** The state of the order's latest payment attempt (an order without one is open). */
  paymentState: TransactionState;
  paymentMethodName: string;
}

export interface AdminOrderList {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pageCount: number;
}

export interface AdminPaymentTransaction {
  id: string;
  method: string;
  methodName: string;
  provider: PaymentProviderName;
  state: TransactionState;
  amountGross: number;
  refundedGross: number;
  currency: string;
  providerReference: string | null;
  settlementReference: string | null;
  testMode: boolean;
  /** ISO 8601. */
  createdAt: string;
}

export interface AdminOrderLine {
  id: string;
  type: "product" | "promotion";
  /** The product number (or the promotion's code). */
  number: string;
  name: string;
  options: string;
  quantity: number;
  unitGross: number;
  totalGross: number;
}

export interface AdminOrderDetail {
  id: string;
  orderNumber: string;
  placedAt: string;
  status: string;
  email: string;
  customerName: string;
  currency: string;
  customerComment: string | null;
  billingAddress: OrderAddressView | null;
  shippingAddress: OrderAddressView | null;
  shippingMethodName: string;
  lines: AdminOrderLine[];
  totals: { positionsGross: number; discountGross: number; shippingGross: number; netTotal: number; taxTotal: number; taxes: TaxLine[]; grossTotal: number };
  /** Every payment attempt of the order, oldest first. */
  transactions: AdminPaymentTransaction[];
}

export interface OrderAdmin {
  listOrders(query: { search?: string | null; page?: number | null }): Promise<AdminOrderList>;
  orderDetail(orderId: string): Promise<AdminOrderDetail | null>;
}

/** A search as typed: trimmed, cut to ADMIN_ORDER_SEARCH_MAX characters, empty as none. */
export function normalizeOrderSearch(search: string | null | undefined): string {
  return (search ?? "").trim().slice(0, ADMIN_ORDER_SEARCH_MAX).trim();
}

/** `value` matched literally inside a LIKE pattern (backslash is the default escape of Postgres). */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const billingName = sql<string>`coalesce(${orderAddress.firstName} || ' ' || ${orderAddress.lastName}, '')`;

export function createOrderAdmin(db: Database): OrderAdmin {
  function searchCondition(search: string): SQL | undefined {
    if (!search) return undefined;
    const literal = likeLiteral(search);
    return or(
      // Order numbers: exact or the beginning of one.
      like(customerOrder.orderNumber, `${literal}%`),
      ilike(customerOrder.email, `%${literal}%`),
      ilike(billingName, `%${literal}%`),
    );
  }

  /** The latest payment attempt of each order (an order paid again has several). */
  async function latestPayments(orderIds: string[]) {
    const latest = new Map<string, { state: TransactionState; methodName: string }>();
    if (orderIds.length === 0) return latest;
    const rows = await db
      .select({ orderId: paymentTransaction.orderId, state: paymentTransaction.state, methodName: paymentTransaction.paymentMethodName })
      .from(paymentTransaction)
      .where(inArray(paymentTransaction.orderId, orderIds))
      .orderBy(desc(paymentTransaction.createdAt), desc(paymentTransaction.id));
    for (const row of rows) if (row.orderId && !latest.has(row.orderId)) latest.set(row.orderId, { state: row.state, methodName: row.methodName });
    return latest;
  }

  async function listOrders({ search, page }: { search?: string | null; page?: number | null }): Promise<AdminOrderList> {
    const where = searchCondition(normalizeOrderSearch(search));
    const billing = and(eq(orderAddress.orderId, customerOrder.id), eq(orderAddress.kind, "billing"));
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(customerOrder).leftJoin(orderAddress, billing).where(where);
    const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
    const requested = typeof page === "number" && Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
    const current = Math.min(requested, pageCount);
    const rows = await db
      .select({
        id: customerOrder.id,
        orderNumber: customerOrder.orderNumber,
        createdAt: customerOrder.createdAt,
        email: customerOrder.email,
        grossTotal: customerOrder.grossTotal,
        currency: customerOrder.currency,
        customerName: billingName,
      })
      .from(customerOrder)
      .leftJoin(orderAddress, billing)
      .where(where)
      .orderBy(desc(customerOrder.createdAt), desc(customerOrder.orderNumber))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((current - 1) * ADMIN_ORDERS_PAGE_SIZE);
    const payments = await latestPayments(rows.map((r) => r.id));
    return {
      orders: rows.map((row) => ({
        id: row.id,
        orderNumber: row.orderNumber,
        placedAt: row.createdAt.toISOString(),
        customerName: row.customerName,
        email: row.email,
        grossTotal: row.grossTotal,
        currency: row.currency,
        paymentState: payments.get(row.id)?.state ?? "open",
        paymentMethodName: payments.get(row.id)?.methodName ?? "",
      })),
      total,
      page: current,
      pageCount,
    };
  }

  async function orderDetail(orderId: string): Promise<AdminOrderDetail | null> {
    if (!isRowId(orderId)) return null;
    const [order] = await db.select().from(customerOrder).where(eq(customerOrder.id, orderId));
    if (!order) return null;
    const [lines, addresses, deliveries, transactions] = await Promise.all([
      db.select().from(orderLineItem).where(eq(orderLineItem.orderId, orderId)).orderBy(asc(orderLineItem.position)),
      db.select().from(orderAddress).where(eq(orderAddress.orderId, orderId)),
      db.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId)),
      db.select().from(paymentTransaction).where(eq(paymentTransaction.orderId, orderId)).orderBy(asc(paymentTransaction.createdAt), asc(paymentTransaction.id)),
    ]);
    const address = (kind: "billing" | "shipping"): OrderAddressView | null => {
      const a = addresses.find((x) => x.kind === kind);
      return a ? orderAddressView(a) : null;
    };
    const billingAddress = address("billing");
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      email: order.email,
      customerName: billingAddress ? `${billingAddress.firstName} ${billingAddress.lastName}` : "",
      currency: order.currency,
      customerComment: order.customerComment,
      billingAddress,
      shippingAddress: address("shipping"),
      shippingMethodName: deliveries[0]?.shippingMethodName ?? "",
      lines: lines.map((l) => ({
        id: l.id,
        type: l.type,
        number: l.reference,
        name: l.label,
        options: l.options,
        quantity: l.quantity,
        unitGross: l.unitGross,
        totalGross: l.totalGross,
      })),
      totals: {
        positionsGross: order.positionsGross,
        discountGross: order.discountGross,
        shippingGross: order.shippingGross,
        netTotal: order.netTotal,
        taxTotal: order.taxTotal,
        taxes: order.taxes,
        grossTotal: order.grossTotal,
      },
      transactions: transactions.map((t) => ({
        id: t.id,
        method: t.method,
        methodName: t.paymentMethodName,
        provider: t.provider,
        state: t.state,
        amountGross: t.amountGross,
        refundedGross: t.refundedGross,
        currency: t.currency,
        providerReference: t.providerReference,
        settlementReference: t.settlementReference,
        testMode: t.testMode,
        createdAt: t.createdAt.toISOString(),
      })),
    };
  }

  return { listOrders, orderDetail };
}
