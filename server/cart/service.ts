import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { createReadCache } from "../cache/read-cache";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { calculateCart } from "../pricing/calculate";
import { hashToken, newToken } from "../visitor";
import { findSubscriptionPlan } from "../subscription/plans";
import { combinationBlocker, findCart, loadLines, loadPromotions, orderCaps, promotionStates, promotionStatus, rulesOf, toLineView, type CartRow } from "./load";
import { addableQuantity, exceedsOrderLimit, remainingOrderQuantity } from "./order-limit";
import { allowedQuantity } from "./quantity";
import type { CartChange, CartService } from "./service-types";
import { cart, cartLineItem, cartPromotion, paymentMethod, promotion, shippingMethod } from "./tables";
import type { CartNotice, CartView, CartWidgetView, PaymentMethodView, ShippingMethodView } from "./types";

export type { CartService } from "./service-types";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Shipping and payment methods change rarely; like catalog reads they are reused for this long. */
const METHODS_CACHE_TTL_MS = 30_000;

/**
 * The header widget asks on every page view. Its content is reused per cart *revision*: any change of
 * the cart (on any app server) raises the revision, so it shows at once; catalog prices and promotion
 * dates reach it within the catalog's read-cache time, as they reach the pages.
 */
export const WIDGET_CACHE_TTL_MS = 30_000;
const WIDGET_CACHE_MAX_ENTRIES = 20_000;

export interface MethodRows {
  shipping: (ShippingMethodView & { basePriceGross: number; freeFromGross: number | null })[];
  payment: PaymentMethodView[];
}

export interface CartServiceOptions {
  now?: () => Date;
  /** Whether a payment method can be offered at all (its provider is configured); default: every active one. */
  paymentAvailable?: (technicalName: string) => boolean;
}

export function createCartService(
  db: Database,
  channel: SalesChannelContext,
  { now = () => new Date(), paymentAvailable = () => true }: CartServiceOptions = {},
): CartService & {
  /** The view of a cart inside a transaction (checkout re-reads it under the row lock). */
  viewOf(tx: Database, row: CartRow | null): Promise<CartView>;
  methods(executor?: Database): Promise<MethodRows>;
} {
  const cache = createReadCache(METHODS_CACHE_TTL_MS, 4);
  const widgetCache = createReadCache(WIDGET_CACHE_TTL_MS, WIDGET_CACHE_MAX_ENTRIES);
  /** Read through the caller's transaction when there is one: PGlite has a single connection. */
  const methods = (executor: Database = db) =>
    cache.get("methods", async (): Promise<MethodRows> => {
      const shipping = await executor
        .select()
        .from(shippingMethod)
        .where(eq(shippingMethod.active, true))
        .orderBy(asc(shippingMethod.position));
      const payment = await executor
        .select()
        .from(paymentMethod)
        .where(eq(paymentMethod.active, true))
        .orderBy(asc(paymentMethod.position));
      return {
        shipping: shipping.map((m) => ({
          id: m.id,
          name: m.name,
          description: m.description,
          deliveryTime: m.deliveryTime,
          priceGross: m.priceGross,
          basePriceGross: m.priceGross,
          freeFromGross: m.freeFromGross,
        })),
        payment: payment
          .filter((m) => paymentAvailable(m.technicalName))
          .map((m) => ({ id: m.id, technicalName: m.technicalName, name: m.name, description: m.description })),
      };
    });

  async function viewOf(tx: Database, row: CartRow | null): Promise<CartView> {
    const available = await methods(tx);
    const lines = row ? await loadLines(tx, row.id, channel.currency) : [];
    // B2B: a cart started from an accepted quote says so (its lines have the quoted prices).
    const [quote] = row && lines.length ? await queryRows<{ number: number }>(tx, sql`select q.number from cart c join b2b_quote q on q.id = c.quote_id where c.id = ${row.id}`) : [];
    const promotions = row ? await loadPromotions(tx, row.id) : [];
    const at = now();
    const states = promotionStates(promotions, at);
    const applied = promotions.filter((_, i) => states[i]!.status === "applied");
    const chosenShipping = available.shipping.find((m) => m.id === row?.shipping_method_id) ?? available.shipping[0] ?? null;
    const chosenPayment = available.payment.find((m) => m.id === row?.payment_method_id) ?? available.payment[0] ?? null;
    const pricedLines = lines.map((line) => ({
      quantity: line.quantity,
      unitGross: line.unit_gross ?? 0,
      taxRateBasisPoints: line.rate_basis_points,
      freeShipping: line.free_shipping,
    }));
    const promotionInputs = applied.map((p) => ({ id: p.id, discountType: p.discount_type, discountValue: p.discount_value }));
    const calculation = calculateCart({
      lines: pricedLines,
      promotions: promotionInputs,
      shipping: chosenShipping && { priceGross: chosenShipping.basePriceGross, freeFromGross: chosenShipping.freeFromGross },
    });
    const shippingMethods = available.shipping.map(({ basePriceGross, freeFromGross, ...method }) => ({
      ...method,
      priceGross: calculateCart({ lines: pricedLines, promotions: promotionInputs, shipping: { priceGross: basePriceGross, freeFromGross } })
        .shippingGross,
    }));
    const caps = orderCaps(lines);
    const lineViews = lines.map((line, i) => toLineView(line, calculation.lineTotals[i]!, caps[i]));
    return {
      revision: row?.revision ?? 0,
      currency: channel.currency,
      ...(quote && { quoteNumber: quote.number }),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      lineItems: lineViews,
      promotions: promotions.map((p, i) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        status: states[i]!.status,
        blockedBy: states[i]!.blockedBy,
        discountGross: calculation.discounts.find((d) => d.id === p.id)?.amount ?? 0,
      })),
      shippingMethods,
      paymentMethods: available.payment,
      shippingMethodId: chosenShipping?.id ?? null,
      paymentMethodId: chosenPayment?.id ?? null,
      totals: {
        positionsGross: calculation.positionsGross,
        discountGross: calculation.discountGross,
        shippingGross: calculation.shippingGross,
        netTotal: calculation.netTotal,
        taxes: calculation.taxes,
        taxTotal: calculation.taxTotal,
        grossTotal: calculation.grossTotal,
      },
      canCheckout: lines.length > 0 && lineViews.every((line) => line.issue === null) && !!chosenShipping && !!chosenPayment,
    };
  }

  const find = (token: string | undefined, tx: Database = db, lock = false) =>
    token ? findCart(tx, hashToken(token), channel.id, lock) : Promise.resolve(null);

  /**
   * Runs a change in one transaction on the cart's locked row, raising its revision first (so a
   * concurrent checkout of the old revision waits and then sees the change). `create` makes a cart
   * when the visitor has none.
   */
  /** `linesChange`: the change adds, changes or removes lines, which ends a quote's prices (`cart.quote_id`). */
  async function change(
    token: string | undefined,
    create: boolean,
    apply: (tx: Tx, row: CartRow) => Promise<CartNotice[]>,
    linesChange = false,
  ): Promise<CartChange> {
    return db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      let row = await find(token, txDb, true);
      let current = token ?? "";
      let created = false;
      if (!row) {
        if (!create) return { token: current, created, result: { cart: await viewOf(txDb, null), notices: [{ code: "line-item-not-found" as const }] } };
        current = newToken();
        created = true;
        const [inserted] = await tx
          .insert(cart)
          .values({ tokenHash: hashToken(current), salesChannelId: channel.id })
          .returning({ id: cart.id, revision: cart.revision, shipping_method_id: cart.shippingMethodId, payment_method_id: cart.paymentMethodId });
        row = inserted!;
      }
      const notices = await apply(tx, row);
      const [bumped] = await tx
        .update(cart)
        .set({ revision: sql`${cart.revision} + 1`, updatedAt: sql`now()`, ...(linesChange && { quoteId: null }) })
        .where(eq(cart.id, row.id))
        .returning({ id: cart.id, revision: cart.revision, shipping_method_id: cart.shippingMethodId, payment_method_id: cart.paymentMethodId });
      return { token: current, created, result: { cart: await viewOf(txDb, bumped!), notices } };
    });
  }

  interface PurchaseRules {
    product_id: string;
    name: string;
    stock: number;
    min_purchase: number;
    max_purchase: number;
    purchase_step: number;
    max_order_quantity: number | null;
    purchasable: boolean;
    /** Units of the variant's product in the cart, over all its lines. */
    in_cart: number;
    /** The cart's line of this purchase (the variant, one-time or on the plan), if any. */
    line_id: string | null;
    line_quantity: number;
  }
  /**
   * A purchase's rules (a variant, one-time or on a subscription plan), what the cart holds of its
   * product and the purchase's line, in one statement: on the embedded database every statement of a
   * change queues behind all others, so a change reads once.
   */
  const purchaseRules = async (tx: Tx, cartId: string, variantId: string, planId: string | null) =>
    (
      await queryRows<PurchaseRules>(
        tx as unknown as Database,
        sql`select p.id as product_id, p.name, v.stock, v.min_purchase, v.max_purchase, v.purchase_step, p.max_order_quantity,
              (v.active and p.active and exists (select 1 from price pr where pr.variant_id = v.id
                 and pr.currency = ${channel.currency} and pr.quantity_start = 1)) as purchasable,
              (select coalesce(sum(li.quantity), 0)::int from cart_line_item li join product_variant lv on lv.id = li.variant_id
                 where li.cart_id = ${cartId} and lv.product_id = p.id) as in_cart,
              line.id as line_id, coalesce(line.quantity, 0) as line_quantity
            from product_variant v join product p on p.id = v.product_id
            left join cart_line_item line on line.cart_id = ${cartId} and line.variant_id = v.id
              and line.subscription_plan_id is not distinct from ${planId}
            where v.id = ${variantId}`,
      )
    )[0];

  /** Units of a product in the cart over all its lines. */
  async function productQuantityInCart(executor: Database, cartId: string, productId: string): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      executor,
      sql`select coalesce(sum(li.quantity), 0)::int as total from cart_line_item li
          join product_variant v on v.id = li.variant_id
          where li.cart_id = ${cartId} and v.product_id = ${productId}`,
    );
    return row?.total ?? 0;
  }

  type Plan = NonNullable<Awaited<ReturnType<typeof findSubscriptionPlan>>>;

  /**
   * Sets a line's quantity within the rules; returns what the shopper should be told and the quantity
   * the line holds now. The product's maximum order quantity lowers the quantity when the product's
   * other lines leave less room. `line` is the line to change (none yet: quantity 0).
   */
  async function setQuantity(
    tx: Tx,
    cartId: string,
    variantId: string,
    wanted: number,
    rules: PurchaseRules | undefined,
    line: { id?: string; quantity: number; plan?: Plan | null },
  ): Promise<{ notices: CartNotice[]; quantity: number }> {
    const unchanged = (notices: CartNotice[]) => ({ notices, quantity: line.quantity });
    if (!rules || !rules.purchasable) return unchanged([{ code: "product-not-found" }]);
    const others = rules.in_cart - line.quantity;
    const room = remainingOrderQuantity(rules.max_order_quantity, others);
    const quantity = allowedQuantity(Math.min(wanted, room), { ...rulesOf(rules), max: Math.min(rules.max_purchase, room) }, rules.stock);
    if (quantity === null) {
      if (room < wanted && rules.max_order_quantity !== null)
        return unchanged([{ code: "order-limit", name: rules.name, max: rules.max_order_quantity, inCart: others }]);
      return unchanged([{ code: "sold-out", name: rules.name }]);
    }
    if (line.id) {
      await tx.update(cartLineItem).set({ quantity }).where(and(eq(cartLineItem.id, line.id), eq(cartLineItem.cartId, cartId)));
    } else {
      const plan = line.plan ?? null;
      await tx
        .insert(cartLineItem)
        .values({
          cartId,
          variantId,
          quantity,
          subscriptionPlanId: plan?.id ?? null,
          subscriptionIntervalCount: plan?.interval_count ?? null,
          subscriptionIntervalUnit: plan?.interval_unit ?? null,
          subscriptionDiscountPercent: plan?.discount_percent ?? null,
        })
        .onConflictDoUpdate({ target: [cartLineItem.cartId, cartLineItem.variantId, cartLineItem.subscriptionPlanId], set: { quantity } });
    }
    if (quantity === wanted) return { notices: [], quantity };
    if (room < wanted && rules.max_order_quantity !== null)
      return { notices: [{ code: "order-limit", name: rules.name, max: rules.max_order_quantity, inCart: others }], quantity };
    return { notices: [{ code: "quantity-adjusted", name: rules.name, quantity }], quantity };
  }

  async function lineOf(tx: Tx, cartId: string, lineItemId: string) {
    const [line] = await tx
      .select({ id: cartLineItem.id, variantId: cartLineItem.variantId, subscriptionPlanId: cartLineItem.subscriptionPlanId, quantity: cartLineItem.quantity })
      .from(cartLineItem)
      .where(and(eq(cartLineItem.id, lineItemId), eq(cartLineItem.cartId, cartId)));
    return line;
  }

  return {
    viewOf,
    methods,

    view: async (token) => viewOf(db, await find(token)),

    async widget(token): Promise<CartWidgetView | null> {
      const row = await find(token);
      if (!row) return null;
      return widgetCache.get(`${row.id}:${row.revision}`, async () => {
        const view = await viewOf(db, row);
        return view.itemCount === 0 ? null : { itemCount: view.itemCount, grossTotal: view.totals.grossTotal, currency: view.currency };
      });
    },

    addLineItem: (token, { variantId, quantity, subscriptionPlanId = null }) =>
      change(token, true, async (tx, row) => {
        const rules = await purchaseRules(tx, row.id, variantId, subscriptionPlanId);
        if (!rules || !rules.purchasable) return [{ code: "product-not-found" }];
        const plan = subscriptionPlanId ? await findSubscriptionPlan(tx as unknown as Database, subscriptionPlanId, rules.product_id) : null;
        if (subscriptionPlanId && !plan) return [{ code: "plan-unavailable", name: rules.name }];
        // The maximum order quantity refuses the whole add (nothing is added), as the spec's redirect
        // to the cart page with a message expects; the per-line rules below only correct quantities.
        const inCart = rules.in_cart;
        if (rules.max_order_quantity !== null && exceedsOrderLimit(quantity, rules.max_order_quantity, inCart))
          return [{ code: "order-limit", name: rules.name, max: rules.max_order_quantity, inCart }];
        const before = rules.line_quantity;
        const set = await setQuantity(tx, row.id, variantId, before + quantity, rules, { id: rules.line_id ?? undefined, quantity: before, plan });
        if (set.notices.some((n) => n.code === "sold-out" || n.code === "product-not-found")) return set.notices;
        const added = set.quantity - before;
        return added > 0 ? [{ code: "added", name: rules.name, quantity: added }, ...set.notices] : set.notices;
      }, true),

    async orderAllowance(token, productId, wanted) {
      const [product] = await queryRows<{ id: string; max_order_quantity: number | null }>(
        db,
        sql`select p.id, p.max_order_quantity from product p
            where p.active and p.id = coalesce((select v.product_id from product_variant v where v.id = ${productId}), ${productId})`,
      );
      if (!product) return null;
      const row = await find(token);
      const inCart = row ? await productQuantityInCart(db, row.id, product.id) : 0;
      return { addcartcount: addableQuantity(wanted, product.max_order_quantity, inCart), maxOrderQuantity: product.max_order_quantity, inCart };
    },

    changeQuantity: (token, lineItemId, quantity) =>
      change(token, false, async (tx, row) => {
        const line = await lineOf(tx, row.id, lineItemId);
        if (!line) return [{ code: "line-item-not-found" }];
        const rules = await purchaseRules(tx, row.id, line.variantId, line.subscriptionPlanId);
        return (await setQuantity(tx, row.id, line.variantId, quantity, rules, line)).notices;
      }, true),

    removeLineItem: (token, lineItemId) =>
      change(token, false, async (tx, row) => {
        const deleted = await tx
          .delete(cartLineItem)
          .where(and(eq(cartLineItem.id, lineItemId), eq(cartLineItem.cartId, row.id)))
          .returning({ id: cartLineItem.id });
        return deleted.length ? [] : [{ code: "line-item-not-found" }];
      }, true),

    addPromotion: (token, code) =>
      change(token, true, async (tx, row) => {
        const promotionCode = code.trim().toUpperCase();
        const [found] = await tx.select().from(promotion).where(eq(promotion.code, promotionCode));
        if (!found || !found.active) return [{ code: "promotion-not-found", promotionCode }];
        const at = now();
        const status = promotionStatus(
          {
            id: found.id,
            code: found.code,
            name: found.name,
            discount_type: found.discountType,
            discount_value: found.discountValue,
            valid_from: found.validFrom,
            valid_until: found.validUntil,
            max_uses: found.maxUses,
            used_count: found.usedCount,
            active: found.active,
            combinable: found.combinable,
          },
          at,
        );
        if (status === "expired") return [{ code: "promotion-expired", promotionCode }];
        if (status === "not-yet-valid") return [{ code: "promotion-not-yet-valid", promotionCode }];
        if (status === "used-up") return [{ code: "promotion-used-up", promotionCode }];
        const inCart = await loadPromotions(tx as unknown as Database, row.id);
        if (inCart.some((p) => p.id === found.id)) return [{ code: "promotion-already-added", promotionCode }];
        // The cart row is locked (see `change`), so no other code can slip in between this check and the insert.
        const states = promotionStates(inCart, at);
        const blocker = combinationBlocker(
          inCart.filter((_, i) => states[i]!.status === "applied"),
          found,
        );
        if (blocker) return [{ code: "promotion-not-combinable", promotionCode, blockedBy: blocker.code }];
        await tx.insert(cartPromotion).values({ cartId: row.id, promotionId: found.id });
        return [{ code: "promotion-added", promotionCode }];
      }),

    removePromotion: (token, promotionId) =>
      change(token, false, async (tx, row) => {
        await tx.delete(cartPromotion).where(and(eq(cartPromotion.cartId, row.id), eq(cartPromotion.promotionId, promotionId)));
        return [];
      }),

    configure: (token, input) =>
      change(token, true, async (tx, row) => {
        const available = await methods(tx as unknown as Database);
        const set: { shippingMethodId?: string; paymentMethodId?: string } = {};
        if (input.shippingMethodId && available.shipping.some((m) => m.id === input.shippingMethodId)) set.shippingMethodId = input.shippingMethodId;
        if (input.paymentMethodId && available.payment.some((m) => m.id === input.paymentMethodId)) set.paymentMethodId = input.paymentMethodId;
        if (Object.keys(set).length) await tx.update(cart).set(set).where(eq(cart.id, row.id));
        return [];
      }),

    async startFromQuote(quoteId, lines) {
      const token = newToken();
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(cart)
          .values({ tokenHash: hashToken(token), salesChannelId: channel.id, quoteId })
          .returning({ id: cart.id });
        // Exactly the quote's lines and quantities: the quote was priced for them, so no rule adjusts them here
        // (the confirm page shows any line the catalog no longer allows, and placing refuses it).
        if (lines.length) await tx.insert(cartLineItem).values(lines.map((line) => ({ cartId: created!.id, variantId: line.variantId, quantity: line.quantity })));
      });
      return token;
    },

    async confirmedBy(token, employeeId) {
      if (!token) return;
      await db
        .update(cart)
        .set({ employeeId })
        .where(and(eq(cart.tokenHash, hashToken(token)), eq(cart.salesChannelId, channel.id), employeeId ? undefined : isNotNull(cart.employeeId)));
    },
  };
}

