import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { isRowId } from "../db/query";
import { customerOrder, orderAddress, orderDelivery, orderLineItem, orderLineItemShipment } from "./tables";
import { paymentTransaction } from "../payment/tables";
import type { OrderService } from "./service-types";
import { ORDERS_PER_PAGE, type OrderAddressView, type OrderPage, type OrderView, type ShippingInfo } from "./types";

/** The reading side of the order service: a customer's order history, one order, its shipments. */
export type OrderReading = Omit<OrderService, "place" | "placeApproved">;

/** Order numbers are digits from the sequence; anything else cannot be one. */
const ORDER_NUMBER = /^\d{1,20}$/;

export function createOrderReading(db: Database, channel: SalesChannelContext): OrderReading {
  /** The order views of order rows, in the rows' order, with four queries whatever their number. */
  async function viewsOf(orders: (typeof customerOrder.$inferSelect)[]): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const [lines, addresses, deliveries, transactions] = await Promise.all([
      db.select().from(orderLineItem).where(inArray(orderLineItem.orderId, ids)).orderBy(asc(orderLineItem.position)),
      db.select().from(orderAddress).where(inArray(orderAddress.orderId, ids)),
      db.select().from(orderDelivery).where(inArray(orderDelivery.orderId, ids)),
      // The latest attempt is the order's payment (an order paid again has several).
      db.select().from(paymentTransaction).where(inArray(paymentTransaction.orderId, ids)).orderBy(desc(paymentTransaction.createdAt)),
    ]);
    return orders.map((order) => {
      const address = (kind: "billing" | "shipping"): OrderAddressView => {
        return orderAddressView(addresses.find((x) => x.orderId === order.id && x.kind === kind)!);
      };
      const own = <T extends { orderId: string | null }>(rows: T[]) => rows.filter((row) => row.orderId === order.id);
      const payment = own(transactions)[0];
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        createdAt: order.createdAt.toISOString(),
        email: order.email,
        placedBy: order.employeeName,
        currency: order.currency,
        lineItems: own(lines).map((l) => ({
          id: l.id,
          type: l.type,
          reference: l.reference,
          label: l.label,
          options: l.options,
          quantity: l.quantity,
          unitGross: l.unitGross,
          totalGross: l.totalGross,
          subscription:
            l.subscriptionIntervalCount && l.subscriptionIntervalUnit
              ? { intervalCount: l.subscriptionIntervalCount, intervalUnit: l.subscriptionIntervalUnit, discountPercent: l.subscriptionDiscountPercent ?? 0 }
              : null,
        })),
        billingAddress: address("billing"),
        shippingAddress: address("shipping"),
        shippingMethodName: own(deliveries)[0]?.shippingMethodName ?? "",
        paymentMethodName: payment?.paymentMethodName ?? "",
        payment: { state: payment?.state ?? "open", methodName: payment?.paymentMethodName ?? "", testPayment: payment?.testMode ?? false },
        trackingCodes: own(deliveries).flatMap((d) => d.trackingCodes),
        positionsGross: order.positionsGross,
        discountGross: order.discountGross,
        shippingGross: order.shippingGross,
        netTotal: order.netTotal,
        taxes: order.taxes,
        grossTotal: order.grossTotal,
      };
    });
  }

  /** The customer's orders; with `placedBy`, only those that employee placed (B2B: an employee without `order.read.all`). */
  const ofCustomer = (customerId: string, placedBy?: string | null) =>
    and(eq(customerOrder.customerId, customerId), eq(customerOrder.salesChannelId, channel.id), placedBy ? eq(customerOrder.employeeId, placedBy) : undefined);

  async function findForCustomer(orderId: string, customerId: string): Promise<OrderView | null> {
    if (!isRowId(orderId) || !isRowId(customerId)) return null;
    const rows = await db.select().from(customerOrder).where(and(eq(customerOrder.id, orderId), ofCustomer(customerId)));
    return (await viewsOf(rows))[0] ?? null;
  }

  async function findByNumberForCustomer(orderNumber: string, customerId: string, placedBy?: string | null): Promise<OrderView | null> {
    if (!ORDER_NUMBER.test(orderNumber) || !isRowId(customerId)) return null;
    const rows = await db.select().from(customerOrder).where(and(eq(customerOrder.orderNumber, orderNumber), ofCustomer(customerId, placedBy)));
    return (await viewsOf(rows))[0] ?? null;
  }

  async function listForCustomer(customerId: string, page: number, placedBy?: string | null): Promise<OrderPage> {
    if (!isRowId(customerId)) return { orders: [], page: 1, pageCount: 1, total: 0 };
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(customerOrder).where(ofCustomer(customerId, placedBy));
    const pageCount = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
    const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
    const rows = await db
      .select()
      .from(customerOrder)
      .where(ofCustomer(customerId, placedBy))
      .orderBy(desc(customerOrder.createdAt), desc(customerOrder.orderNumber))
      .limit(ORDERS_PER_PAGE)
      .offset((current - 1) * ORDERS_PER_PAGE);
    return { orders: await viewsOf(rows), page: current, pageCount, total };
  }

  async function shippingInfo(orderNumber: string, customerId: string, placedBy?: string | null): Promise<ShippingInfo | null> {
    if (!ORDER_NUMBER.test(orderNumber) || !isRowId(customerId)) return null;
    const [order] = await db
      .select({ id: customerOrder.id })
      .from(customerOrder)
      .where(and(eq(customerOrder.orderNumber, orderNumber), ofCustomer(customerId, placedBy)));
    if (!order) return null;
    const rows = await db
      .select({ lineId: orderLineItemShipment.orderLineItemId, shipment: orderLineItemShipment })
      .from(orderLineItemShipment)
      .innerJoin(orderLineItem, eq(orderLineItem.id, orderLineItemShipment.orderLineItemId))
      .where(eq(orderLineItem.orderId, order.id))
      .orderBy(asc(orderLineItemShipment.shippedAt));
    const info: ShippingInfo = new Map();
    for (const { lineId, shipment } of rows) {
      const list = info.get(lineId) ?? [];
      list.push({ carrier: shipment.carrier, trackingCode: shipment.trackingCode, shippedAt: shipment.shippedAt.toISOString(), quantity: shipment.quantity });
      info.set(lineId, list);
    }
    return info;
  }

  return { findForCustomer, findByNumberForCustomer, listForCustomer, shippingInfo };
}

/** An order's stored address as the pages show it. */
export function orderAddressView(a: typeof orderAddress.$inferSelect): OrderAddressView {
  return {
    salutation: a.salutation,
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    street: a.street,
    zipcode: a.zipcode,
    city: a.city,
    countryName: a.countryName,
    stateName: a.stateName,
    phone: a.phone,
  };
}
