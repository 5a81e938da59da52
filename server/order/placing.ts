import { and, eq, isNull, sql } from "drizzle-orm";
import type { SalesChannelContext } from "../catalog/service";
import { emptyCart } from "../cart/empty";
import { recordOrderEligibility } from "../eligibility/service";
import type { CartService } from "../cart/service-types";
import type { CartView } from "../cart/types";
import { findCart, findCartById, type CartRow } from "../cart/load";
import { approvalRuleFor } from "../b2b/approvals/rules";
import { createQuoteService } from "../b2b/quotes/service";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { customerOrder, orderAddress, orderDelivery, orderLineItem } from "./tables";
import { providerOf } from "../payment/methods";
import { paymentTransaction } from "../payment/tables";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { hashToken } from "../visitor";
import { orderConfirmationMail } from "./mail";
import type { OrderReading } from "./reading";
import type { OrderService } from "./service-types";
import { lineIssueErrors } from "./line-issues";
import { reserveStock } from "./stock";
import { ORDER_COMMENT_MAX_LENGTH, type OrderError, type PlaceApprovedInput, type PlaceOrderInput, type PlaceOrderResult } from "./types";

/** Thrown inside the transaction to roll it back; never leaves this module. */
class OrderRejected extends Error {
  constructor(readonly errors: OrderError[]) {
    super("order rejected");
  }
}

interface AddressRow {
  salutation: "not_specified" | "mr" | "mrs";
  first_name: string;
  last_name: string;
  company: string | null;
  street: string;
  zipcode: string;
  city: string;
  phone: string | null;
  country_iso: string;
  country_name: string;
  state_name: string | null;
}

interface CustomerRow {
  id: string;
  email: string;
  vat_id: string | null;
  billing_id: string | null;
  shipping_id: string | null;
}

export interface OrderPlacingDeps {
  db: Database;
  channel: SalesChannelContext;
  cart: CartService & { viewOf(tx: Database, row: CartRow | null): Promise<CartView> };
  mailer: Mailer;
  logger: Logger;
  /** Reads the placed order back for its confirmation mail. */
  findForCustomer: OrderReading["findForCustomer"];
}

type PlacingInput = (Omit<PlaceOrderInput, "cartToken"> & { cartToken: string; cartId?: undefined }) | (PlaceApprovedInput & { cartToken?: undefined; payment?: undefined });

/** The placing side of the order service: the cart confirmed on the confirm page becomes an order. */
export function createOrderPlacing({ db, channel, cart: carts, mailer, logger, findForCustomer }: OrderPlacingDeps): Pick<OrderService, "place" | "placeApproved"> {
  // B2B: a cart started from an accepted quote is ordered at the quoted prices, which the quote holds.
  const quotes = createQuoteService({ db, channel });

  async function loadAddress(tx: Database, id: string | null): Promise<AddressRow | null> {
    if (!id) return null;
    const rows = await queryRows<AddressRow>(
      tx,
      sql`select a.salutation, a.first_name, a.last_name, a.company, a.street, a.zipcode, a.city, a.phone,
            c.iso as country_iso, c.name as country_name, s.name as state_name
          from customer_address a join country c on c.id = a.country_id
          left join country_state s on s.id = a.country_state_id
          where a.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  async function placeInTransaction(tx: Database, input: PlacingInput) {
    const row = input.cartToken !== undefined ? await findCart(tx, hashToken(input.cartToken), channel.id, true) : await findCartById(tx, input.cartId, channel.id, true);
    if (!row) throw new OrderRejected([{ code: "cart-empty" }]);

    // The same cart revision always answers with the one order placed for it (double click, retry, two tabs).
    const [placed] = await tx
      .select({ id: customerOrder.id, orderNumber: customerOrder.orderNumber, customerId: customerOrder.customerId })
      .from(customerOrder)
      .where(and(eq(customerOrder.cartId, row.id), eq(customerOrder.cartRevision, input.revision)));
    if (placed) {
      if (placed.customerId !== input.customerId) throw new OrderRejected([{ code: "cart-changed" }]);
      return { id: placed.id, orderNumber: placed.orderNumber, fresh: false as const };
    }
    if (row.revision !== input.revision) throw new OrderRejected([{ code: "cart-changed" }]);

    const view = await carts.viewOf(tx, row);
    if (view.lineItems.length === 0) throw new OrderRejected([{ code: "cart-empty" }]);
    const lineErrors = lineIssueErrors(view.lineItems);
    if (lineErrors.length) throw new OrderRejected(lineErrors);
    if (input.expectedGrossTotal !== undefined && input.expectedGrossTotal !== view.totals.grossTotal) {
      throw new OrderRejected([{ code: "total-changed", grossTotal: view.totals.grossTotal }]);
    }

    const [customer] = await queryRows<CustomerRow>(
      tx,
      sql`select id, email, vat_id, default_billing_address_id as billing_id, default_shipping_address_id as shipping_id
          from customer where id = ${input.customerId} and sales_channel_id = ${channel.id}`,
    );
    if (!customer) throw new OrderRejected([{ code: "no-customer" }]);
    // A quote's cart: exactly the quote's lines at its prices, the quote still accepted and valid (its row is
    // locked until this transaction ends), else nothing is ordered.
    if (row.quote_id) {
      const quoted = await quotes.quotedLines(customer.id, row.quote_id, tx);
      const matches =
        quoted !== null &&
        quoted.length === view.lineItems.length &&
        view.lineItems.every((line) => quoted.some((q) => q.variantId === line.variantId && q.quantity === line.quantity && q.unitGross === line.unitGross));
      if (!matches) throw new OrderRejected([{ code: "quote-invalid" }]);
    }
    // B2B: the employee whose session confirmed the cart, when they (still) work for this customer.
    const [employee] = await queryRows<{ id: string; name: string; role_id: string | null }>(
      tx,
      sql`select e.id, e.first_name || ' ' || e.last_name as name, e.role_id from cart c join b2b_employee e on e.id = c.employee_id
          where c.id = ${row.id} and e.partner_id = ${customer.id}`,
    );
    // An order an approval rule holds is placed only through its approval (no payment runs before it).
    if (employee && input.cartId === undefined) {
      const rule = await approvalRuleFor(tx, customer.id, { roleId: employee.role_id, currency: view.currency, grossTotal: view.totals.grossTotal });
      if (rule) throw new OrderRejected([{ code: "approval-required" }]);
    }
    const billing = await loadAddress(tx, customer.billing_id);
    const shipping = (await loadAddress(tx, customer.shipping_id)) ?? billing;
    if (!billing || !shipping) throw new OrderRejected([{ code: "address-missing" }]);
    const shippingMethod = view.shippingMethods.find((m) => m.id === view.shippingMethodId);
    const paymentMethod = view.paymentMethods.find((m) => m.id === view.paymentMethodId);
    if (!shippingMethod) throw new OrderRejected([{ code: "shipping-method-missing" }]);
    if (!paymentMethod) throw new OrderRejected([{ code: "payment-method-missing" }]);

    // A provider's payment made for this very cart revision and method (PayPal: captured before the order).
    const [providerPayment] = input.payment
      ? await tx
          .select({ id: paymentTransaction.id, method: paymentTransaction.method, orderNumber: paymentTransaction.orderNumber })
          .from(paymentTransaction)
          .where(
            and(
              eq(paymentTransaction.id, input.payment.transactionId),
              eq(paymentTransaction.cartId, row.id),
              eq(paymentTransaction.cartRevision, row.revision),
              isNull(paymentTransaction.orderId),
            ),
          )
          .for("update")
      : [];
    if (input.payment && (!providerPayment || providerPayment.method !== paymentMethod.technicalName)) {
      throw new OrderRejected([{ code: "payment-mismatch" }]);
    }
    // A provider's method is paid through the provider first; only the shop's own methods are paid after.
    if (!input.payment && providerOf(paymentMethod.technicalName) !== "manual") throw new OrderRejected([{ code: "payment-not-approved" }]);

    // The eligibility check (issue 26): a cart with a product that needs it is ordered only with a satisfied choice.
    if (!(await recordOrderEligibility(tx, row.id, null))) throw new OrderRejected([{ code: "eligibility-missing" }]);

    const stockErrors = await reserveStock(tx, view.lineItems);
    if (stockErrors.length) throw new OrderRejected(stockErrors);

    const applied = view.promotions.filter((p) => p.status === "applied" && p.discountGross > 0);
    for (const promotion of applied) {
      const used = await queryRows<{ id: string }>(
        tx,
        sql`update promotion set used_count = used_count + 1
            where id = ${promotion.id} and (max_uses is null or used_count < max_uses) returning id`,
      );
      if (!used.length) throw new OrderRejected([{ code: "promotion-used-up", promotionCode: promotion.code }]);
    }

    const orderNumber = providerPayment?.orderNumber ?? (await queryRows<{ n: string }>(tx, sql`select nextval('order_number_seq')::text as n`))[0]!.n;
    const { totals } = view;
    const [order] = await tx
      .insert(customerOrder)
      .values({
        orderNumber,
        salesChannelId: channel.id,
        customerId: customer.id,
        email: customer.email,
        cartId: row.id,
        cartRevision: row.revision,
        currency: view.currency,
        positionsGross: totals.positionsGross,
        discountGross: totals.discountGross,
        shippingGross: totals.shippingGross,
        netTotal: totals.netTotal,
        taxTotal: totals.taxTotal,
        grossTotal: totals.grossTotal,
        taxes: totals.taxes,
        customerComment: input.customerComment?.trim() || null,
        employeeId: employee?.id ?? null,
        employeeName: employee?.name ?? null,
      })
      .returning({ id: customerOrder.id, orderNumber: customerOrder.orderNumber });
    const orderId = order!.id;
    if (row.quote_id) {
      const marked = await quotes.markOrdered(row.quote_id, orderId, tx);
      if (!marked?.ok) throw new OrderRejected([{ code: "quote-invalid" }]);
    }

    const addressValues = (kind: "billing" | "shipping", a: AddressRow) => ({
      orderId,
      kind,
      salutation: a.salutation,
      firstName: a.first_name,
      lastName: a.last_name,
      company: a.company,
      street: a.street,
      zipcode: a.zipcode,
      city: a.city,
      countryIso: a.country_iso,
      countryName: a.country_name,
      stateName: a.state_name,
      phone: a.phone,
      vatId: kind === "billing" ? customer.vat_id : null,
    });
    await tx.insert(orderAddress).values([addressValues("billing", billing), addressValues("shipping", shipping)]);

    await tx.insert(orderLineItem).values([
      ...view.lineItems.map((line, position) => ({
        orderId,
        position,
        type: "product" as const,
        productId: line.productId,
        variantId: line.variantId,
        reference: line.productNumber,
        label: line.name,
        options: line.options.map((o) => `${o.group}: ${o.option}`).join(", "),
        quantity: line.quantity,
        unitGross: line.unitGross,
        totalGross: line.totalGross,
        taxRateBasisPoints: line.taxRateBasisPoints,
        subscriptionPlanId: line.subscription?.planId ?? null,
        subscriptionIntervalCount: line.subscription?.intervalCount ?? null,
        subscriptionIntervalUnit: line.subscription?.intervalUnit ?? null,
        subscriptionDiscountPercent: line.subscription?.discountPercent ?? null,
      })),
      ...applied.map((promotion, i) => ({
        orderId,
        position: view.lineItems.length + i,
        type: "promotion" as const,
        promotionId: promotion.id,
        reference: promotion.code,
        label: promotion.name,
        quantity: 1,
        unitGross: -promotion.discountGross,
        totalGross: -promotion.discountGross,
        taxRateBasisPoints: null,
      })),
    ]);
    await tx.insert(orderDelivery).values({
      orderId,
      shippingMethodId: shippingMethod.id,
      shippingMethodName: shippingMethod.name,
      shippingGross: totals.shippingGross,
    });
    if (providerPayment) {
      await tx.update(paymentTransaction).set({ orderId, updatedAt: new Date() }).where(eq(paymentTransaction.id, providerPayment.id));
    } else {
      await tx.insert(paymentTransaction).values({
        orderId,
        cartId: row.id,
        cartRevision: row.revision,
        customerId: customer.id,
        paymentMethodId: paymentMethod.id,
        paymentMethodName: paymentMethod.name,
        method: paymentMethod.technicalName,
        provider: "manual",
        amountGross: totals.grossTotal,
        currency: view.currency,
        orderNumber,
      });
    }
    for (const line of view.lineItems) {
      await tx.execute(sql`update product set sales = sales + ${line.quantity} where id = ${line.productId}`);
    }

    if (!(await recordOrderEligibility(tx, row.id, orderId))) throw new OrderRejected([{ code: "eligibility-missing" }]);

    // Only now, in the same transaction as the order, is the cart emptied.
    await emptyCart(tx, row.id);
    return { id: orderId, orderNumber: order!.orderNumber, fresh: true as const };
  }

  async function sendConfirmation(orderId: string, customerId: string) {
    // After the commit: a mail failure never undoes an order; it is logged for the shop to resend.
    const order = await findForCustomer(orderId, customerId);
    if (order) {
      await mailer
        .send(orderConfirmationMail(order, channel.name))
        .catch((error: unknown) => logger.error("order confirmation mail failed", { orderNumber: order.orderNumber, error: String(error) }));
    }
  }

  return {
    async placeApproved(input, hooks): Promise<PlaceOrderResult> {
      let placed: { id: string; orderNumber: string; fresh: boolean };
      try {
        placed = await db.transaction(async (t) => {
          const tx = t as unknown as Database;
          if (!(await hooks.claim(tx))) throw new OrderRejected([{ code: "approval-decided" }]);
          const order = await placeInTransaction(tx, input);
          await hooks.record(tx, order);
          return order;
        });
      } catch (error) {
        if (error instanceof OrderRejected) return { ok: false, errors: error.errors };
        throw error;
      }
      if (placed.fresh) await sendConfirmation(placed.id, input.customerId);
      return { ok: true, orderId: placed.id, orderNumber: placed.orderNumber };
    },

    async place(input): Promise<PlaceOrderResult> {
      // The confirm form refuses a longer comment at its field; this keeps every other caller to the limit.
      if ((input.customerComment?.trim().length ?? 0) > ORDER_COMMENT_MAX_LENGTH) {
        return { ok: false, errors: [{ code: "comment-too-long", maxLength: ORDER_COMMENT_MAX_LENGTH }] };
      }
      let placed: { id: string; orderNumber: string; fresh: boolean };
      try {
        placed = await db.transaction((tx) => placeInTransaction(tx as unknown as Database, input));
      } catch (error) {
        if (error instanceof OrderRejected) return { ok: false, errors: error.errors };
        throw error;
      }
      if (placed.fresh) await sendConfirmation(placed.id, input.customerId);
      return { ok: true, orderId: placed.id, orderNumber: placed.orderNumber };
    },
  };
}
