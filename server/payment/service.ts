import { sql } from "drizzle-orm";
import type { SalesChannelContext } from "../catalog/service";
import { findCart } from "../cart/load";
import { paymentMethod } from "../cart/tables";
import type { PaymentMethodView } from "../cart/types";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { hashToken } from "../visitor";
import { providerOf, type ProviderMethod } from "./methods";
import { paymentCheckout } from "./tables";
import type { PaymentProviderName } from "./types";

/** A cart's payment state at its providers (see the `payment_checkout` table). */
export interface CheckoutPaymentState {
  ineligibleMethods: string[];
  fatalMethods: string[];
  expressReference: string | null;
}

/**
 * What every provider shares: which methods can be offered, the cart's provider state (methods the
 * browser found not eligible, methods hidden after a fatal error, an express checkout's approved order)
 * and the one-time notice of a cancelled or failed payment.
 */
export interface PaymentCheckoutStore {
  /** The state of the cart with this token (empty for no cart). */
  state(cartToken: string | undefined): Promise<CheckoutPaymentState>;
  /** Replaces the methods the shopper's browser reported not eligible. */
  setIneligible(cartToken: string, methods: string[]): Promise<void>;
  /** Hides a method for this cart after a fatal error, so a reload cannot loop. */
  addFatal(cartToken: string, method: string): Promise<void>;
  setExpressReference(cartToken: string, reference: string | null): Promise<void>;
  /** Keeps a message key for the next confirm page. */
  setNotice(cartToken: string, messageKey: string): Promise<void>;
  /** The kept message key, removed as it is read. */
  takeNotice(cartToken: string | undefined): Promise<string | null>;
}

export function createPaymentCheckoutStore(db: Database, channel: SalesChannelContext): PaymentCheckoutStore {
  const cartIdOf = async (cartToken: string | undefined) => (cartToken ? ((await findCart(db, hashToken(cartToken), channel.id))?.id ?? null) : null);

  async function upsert(cartToken: string, set: Partial<typeof paymentCheckout.$inferInsert>) {
    const cartId = await cartIdOf(cartToken);
    if (!cartId) return;
    await db
      .insert(paymentCheckout)
      .values({ cartId, ...set })
      .onConflictDoUpdate({ target: paymentCheckout.cartId, set: { ...set, updatedAt: new Date() } });
  }

  return {
    async state(cartToken) {
      const cartId = await cartIdOf(cartToken);
      const rows = cartId
        ? await queryRows<{ ineligible_methods: string[]; fatal_methods: string[]; express_reference: string | null }>(
            db,
            sql`select ineligible_methods, fatal_methods, express_reference from payment_checkout where cart_id = ${cartId}`,
          )
        : [];
      const row = rows[0];
      return { ineligibleMethods: row?.ineligible_methods ?? [], fatalMethods: row?.fatal_methods ?? [], expressReference: row?.express_reference ?? null };
    },
    setIneligible: (cartToken, methods) => upsert(cartToken, { ineligibleMethods: [...new Set(methods)] }),
    async addFatal(cartToken, method) {
      const cartId = await cartIdOf(cartToken);
      if (!cartId) return;
      await db.execute(sql`
        insert into payment_checkout (cart_id, fatal_methods) values (${cartId}, array[${method}]::text[])
        on conflict (cart_id) do update
          set fatal_methods = case when ${method} = any(payment_checkout.fatal_methods) then payment_checkout.fatal_methods
                                   else array_append(payment_checkout.fatal_methods, ${method}) end,
              updated_at = now()`);
    },
    setExpressReference: (cartToken, reference) => upsert(cartToken, { expressReference: reference }),
    setNotice: (cartToken, messageKey) => upsert(cartToken, { notice: messageKey }),
    async takeNotice(cartToken) {
      const cartId = await cartIdOf(cartToken);
      if (!cartId) return null;
      const rows = await queryRows<{ notice: string | null }>(
        db,
        sql`with kept as (select notice from payment_checkout where cart_id = ${cartId} and notice is not null for update)
            update payment_checkout set notice = null from kept where payment_checkout.cart_id = ${cartId} returning kept.notice`,
      );
      return rows[0]?.notice ?? null;
    },
  };
}

/**
 * Creates the providers' methods that are missing (a provider's install step); an existing row is left as
 * the shop keeps it, switched off included.
 */
export async function ensureProviderMethods(db: Database, methods: ProviderMethod[]): Promise<void> {
  if (methods.length === 0) return;
  await db
    .insert(paymentMethod)
    .values(methods.map(({ technicalName, name, description, position }) => ({ technicalName, name, description, position })))
    .onConflictDoNothing({ target: paymentMethod.technicalName });
}

/** A method can be offered when its provider is configured; the shop's own methods always can. */
export function paymentAvailability(configured: ReadonlySet<PaymentProviderName>) {
  return (technicalName: string) => {
    const provider = providerOf(technicalName);
    return provider === "manual" || configured.has(provider);
  };
}

/** The confirm page's methods: those offered, less the ones the cart's provider state rules out. */
export function withoutRuledOut(methods: PaymentMethodView[], ruledOut: ReadonlySet<string>): PaymentMethodView[] {
  return methods.filter((method) => !ruledOut.has(method.technicalName));
}
