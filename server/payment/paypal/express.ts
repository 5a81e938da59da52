import { sql } from "drizzle-orm";
import { routeNames } from "../../../kernel/route-names";
import type { SalesChannelContext } from "../../catalog/service";
import { findCart } from "../../cart/load";
import type { CartService } from "../../cart/service-types";
import type { CustomerService } from "../../customer/service";
import type { CountryOption } from "../../customer/types";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import { hashToken } from "../../visitor";
import { payPalMethod } from "../methods";
import type { PaymentCheckoutStore } from "../service";
import type { PayPalCheckout } from "./checkout";
import type { PayPalClient } from "./client";

/**
 * Express checkout (reference §2.1 "Express checkout server side", spec §4): the shopper pays with
 * PayPal from the product page, the cart or the cart panel before the shop knows them. The PayPal order
 * is made from the server's cart; once approved, the payer becomes the cart's customer (a guest made
 * from PayPal's payer and shipping address, or the signed-in customer as they are) and the approved
 * order is kept as the cart's express reference, which the confirm page's Submit order finishes.
 *
 * Never signs anybody into an existing account by the payer's email: whoever controls a PayPal account
 * with that address would get the shop account (orders, addresses) without its password.
 */

export type ExpressFailure = { ok: false; status: 400 | 401 | 403 | 404 | 409 | 422 | 502; message: string };

export interface ExpressDeps {
  db: Database;
  channel: SalesChannelContext;
  carts: CartService;
  customers: CustomerService;
  checkout: PayPalCheckout;
  client: PayPalClient;
  store: PaymentCheckoutStore;
  logger: Logger;
}

/** The parts of PayPal's order (Orders v2 GET) express checkout reads. */
interface ApprovedOrder {
  status?: string;
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  purchase_units?: {
    shipping?: {
      name?: { full_name?: string };
      address?: { address_line_1?: string; address_line_2?: string; admin_area_1?: string; admin_area_2?: string; postal_code?: string; country_code?: string };
    };
  }[];
}

const CONFIRM = routeNames["frontend.checkout.confirm.page"];

export function createPayPalExpress({ db, channel, carts, customers, checkout, client, store, logger }: ExpressDeps) {
  const cartIdOf = async (cartToken: string | undefined) => (cartToken ? ((await findCart(db, hashToken(cartToken), channel.id))?.id ?? null) : null);

  return {
    /**
     * `prepare_cart`: PayPal becomes the cart's payment method; `deleteCart` empties the cart first (the
     * product page then adds its product through the normal add-to-cart). Makes a cart when there is none.
     */
    async prepareCart(input: { cartToken: string | undefined; paymentMethodId?: string; deleteCart: boolean }) {
      const view = await carts.view(input.cartToken);
      const method = input.paymentMethodId
        ? view.paymentMethods.find((m) => m.id === input.paymentMethodId && payPalMethod(m.technicalName))
        : view.paymentMethods.find((m) => m.technicalName === "paypal");
      if (!method) return { ok: false as const, status: 400 as const, message: "PayPal is not a payment method this cart can use." };
      if (input.deleteCart && input.cartToken) {
        for (const line of view.lineItems) await carts.removeLineItem(input.cartToken, line.id);
      }
      const change = await carts.configure(input.cartToken, { paymentMethodId: method.id });
      // A new express attempt: an earlier approval no longer stands for this cart.
      await store.setExpressReference(change.token, null);
      return { ok: true as const, token: change.token, created: change.created };
    },

    /** `express.create_order`: the PayPal order for the whole cart, whoever the shopper turns out to be. */
    createExpressOrder(input: { cartToken: string | undefined; customerId: string | null }) {
      return checkout.createOrder({ ...input, express: true });
    },

    /**
     * `express.prepare_checkout`: the approved PayPal order of this visitor's cart makes the payer the
     * cart's customer and is kept as the cart's express reference. Answers the confirm page's URL and,
     * when a guest was made, the new session's token.
     */
    async prepareCheckout(input: {
      cartToken: string | undefined;
      sessionToken: string | undefined;
      paypalOrderId: string;
      clientIp?: string;
    }): Promise<{ ok: true; redirectUrl: string; sessionToken?: string } | ExpressFailure> {
      const cartId = await cartIdOf(input.cartToken);
      if (!cartId || !input.cartToken) return { ok: false, status: 404, message: "There is no cart to pay for." };
      const [attempt] = await queryRows<{ id: string; customer_id: string | null }>(
        db,
        sql`select id, customer_id from payment_transaction
            where provider = 'paypal' and provider_reference = ${input.paypalOrderId} and cart_id = ${cartId}
              and order_id is null and state = 'open'`,
      );
      // Another visitor's PayPal order (or one already used) is not this cart's to finish.
      if (!attempt) return { ok: false, status: 403, message: "This PayPal payment does not belong to your cart." };

      let order: ApprovedOrder;
      try {
        order = (await client.getOrder(input.paypalOrderId)) as ApprovedOrder;
      } catch (error) {
        logger.warn("paypal express: reading the order failed", { error: String(error) });
        return { ok: false, status: 502, message: "PayPal could not be reached. Please try again." };
      }
      if (order.status !== "APPROVED") return { ok: false, status: 409, message: "PayPal has not approved this payment yet." };

      let customerId: string;
      let sessionToken: string | undefined;
      const current = await customers.fromSession(input.sessionToken);
      if (current) {
        customerId = current.id;
      } else {
        const guest = await registerGuest(order, input.sessionToken, input.clientIp);
        if (!guest.ok) return guest;
        customerId = guest.customerId;
        sessionToken = guest.sessionToken;
      }
      // The attempt was made before the shop knew the shopper: it becomes this customer's, never another's.
      const taken = await queryRows<{ id: string }>(
        db,
        sql`update payment_transaction set customer_id = ${customerId}, updated_at = now()
            where id = ${attempt.id} and (customer_id is null or customer_id = ${customerId}) returning id`,
      );
      if (!taken.length) return { ok: false, status: 403, message: "This PayPal payment was started by another customer. Please log in as them." };
      await store.setExpressReference(input.cartToken, input.paypalOrderId);
      return { ok: true, redirectUrl: CONFIRM, ...(sessionToken ? { sessionToken } : {}) };
    },
  };

  async function registerGuest(order: ApprovedOrder, previousSessionToken: string | undefined, clientIp: string | undefined) {
    const shipping = order.purchase_units?.[0]?.shipping;
    const address = shipping?.address;
    const countries = await customers.countries();
    const country = countries.find((c) => c.iso === address?.country_code);
    const [firstName, lastName] = payerName(order);
    if (!address || !country || !order.payer?.email_address) {
      return { ok: false as const, status: 422 as const, message: "PayPal did not send an address this shop delivers to. Please check out with your address." };
    }
    const result = await customers.register(
      {
        guest: true,
        firstName,
        lastName,
        email: order.payer.email_address,
        billingAddress: {
          street: [address.address_line_1, address.address_line_2].filter(Boolean).join(", "),
          zipcode: address.postal_code ?? "",
          city: address.admin_area_2 ?? "",
          countryId: country.id,
          countryStateId: stateOf(country, address.admin_area_1),
        },
      },
      { previousSessionToken, clientIp },
    );
    if (!result.ok) {
      logger.warn("paypal express: the payer could not be registered as a guest", { errors: "errors" in result ? result.errors : "locked" });
      return { ok: false as const, status: 422 as const, message: "PayPal's address could not be used. Please check out with your address." };
    }
    return { ok: true as const, customerId: result.customer.id, sessionToken: result.sessionToken };
  }
}

/** The payer's first and last name; the shipping name when PayPal sent no payer name. */
function payerName(order: ApprovedOrder): [string, string] {
  const given = order.payer?.name?.given_name?.trim();
  const surname = order.payer?.name?.surname?.trim();
  if (given && surname) return [given, surname];
  const full = order.purchase_units?.[0]?.shipping?.name?.full_name?.trim() ?? "";
  const space = full.lastIndexOf(" ");
  return space > 0 ? [full.slice(0, space), full.slice(space + 1)] : [given ?? full, surname ?? full];
}

function stateOf(country: CountryOption, area: string | undefined): string | undefined {
  if (!area) return undefined;
  const wanted = area.toLowerCase();
  return country.states.find((s) => s.name.toLowerCase() === wanted || s.id.toLowerCase().endsWith(wanted))?.id;
}

export type PayPalExpress = ReturnType<typeof createPayPalExpress>;
