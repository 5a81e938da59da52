import { and, count, eq, sql } from "drizzle-orm";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { isRowId } from "../db/query";
import { selectAddressViews } from "./address-view";
import { blacklistErrors, type FieldBlacklist } from "./blacklist-check";
import { addressBookInputSchema, fieldErrors, type AddressBookInput } from "./schemas";
import { customer, customerAddress } from "./tables";
import type { AddressView, CountryOption, FieldErrors } from "./types";

/** A serious shop's ceiling: enough for every relative, not enough to fill our tables from one account. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;

/** The customer's addresses (newest last) and which of them are the defaults. */
export interface AddressBook {
  addresses: AddressView[];
  defaultBillingAddressId: string | null;
  defaultShippingAddressId: string | null;
  /** The buyer's VAT id (one per customer; the address forms show and change it). */
  vatId: string | null;
}

/** Which defaults a choice changes (the address editor's `changeableAddresses`, spec §3). */
export interface DefaultChange {
  changeBilling: boolean;
  changeShipping: boolean;
}

export type SaveAddressResult =
  | { ok: true; address: AddressView }
  | { ok: false; reason: "invalid"; errors: FieldErrors }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "limit-reached" };

export type DeleteAddressResult = { ok: true } | { ok: false; reason: "not-found" | "is-default" };

export interface AddressBookService {
  /** The book of a customer of this sales channel, or null for an unknown customer. */
  list(customerId: string): Promise<AddressBook | null>;
  /** One of the customer's addresses; another customer's (or an unknown) id gives null. */
  get(customerId: string, addressId: string): Promise<AddressView | null>;
  /** Adds an address; with `makeDefault`, it becomes the default billing and/or shipping address. */
  create(customerId: string, input: AddressBookInput, makeDefault?: DefaultChange): Promise<SaveAddressResult>;
  update(customerId: string, addressId: string, input: AddressBookInput, makeDefault?: DefaultChange): Promise<SaveAddressResult>;
  /** Refuses to delete a default address: an order always needs a billing and a shipping address. */
  remove(customerId: string, addressId: string): Promise<DeleteAddressResult>;
  /** Makes one of the customer's addresses the default billing and/or shipping address; false if not theirs. */
  setDefault(customerId: string, addressId: string, change: DefaultChange): Promise<boolean>;
}


/** `blacklist` refuses blacklisted names and address parts (issue 26 point 1); none: nothing is refused. */
export function createAddressBookService(
  db: Database,
  channel: SalesChannelContext,
  countries: () => Promise<CountryOption[]>,
  blacklist?: FieldBlacklist,
): AddressBookService {
  /** The customer's row when it belongs to this sales channel. */
  async function owner(customerId: string) {
    if (!isRowId(customerId)) return null;
    const [row] = await db
      .select({ id: customer.id, billing: customer.defaultBillingAddressId, shipping: customer.defaultShippingAddressId, vatId: customer.vatId })
      .from(customer)
      .where(and(eq(customer.id, customerId), eq(customer.salesChannelId, channel.id)));
    return row ?? null;
  }

  const addressesOf = (customerId: string, addressId?: string) =>
    selectAddressViews(db, and(eq(customerAddress.customerId, customerId), addressId ? eq(customerAddress.id, addressId) : undefined));

  async function get(customerId: string, addressId: string) {
    if (!isRowId(addressId) || !(await owner(customerId))) return null;
    return (await addressesOf(customerId, addressId))[0] ?? null;
  }

  function defaultsSet(addressId: string, change: DefaultChange | undefined) {
    return {
      ...(change?.changeBilling ? { defaultBillingAddressId: addressId } : {}),
      ...(change?.changeShipping ? { defaultShippingAddressId: addressId } : {}),
    };
  }

  async function save(customerId: string, addressId: string | null, input: AddressBookInput, change?: DefaultChange): Promise<SaveAddressResult> {
    const found = await owner(customerId);
    if (!found || (addressId !== null && !(await get(customerId, addressId)))) return { ok: false, reason: "not-found" };
    const parsed = addressBookInputSchema(await countries()).safeParse(input);
    const blocked = await blacklistErrors(blacklist, {
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      street: input.street,
      zipcode: input.zipcode,
      city: input.city,
    });
    if (!parsed.success) return { ok: false, reason: "invalid", errors: { ...blocked, ...fieldErrors(parsed.error) } };
    if (Object.keys(blocked).length > 0) return { ok: false, reason: "invalid", errors: blocked };
    const { vatId, ...data } = parsed.data;
    const values = {
      salutation: data.salutation,
      firstName: data.firstName,
      lastName: data.lastName,
      company: data.company ?? null,
      street: data.street,
      zipcode: data.zipcode,
      city: data.city,
      countryId: data.countryId,
      countryStateId: data.countryStateId ?? null,
      phone: data.phone ?? null,
    };
    const savedId = await db.transaction(async (tx) => {
      let id = addressId;
      if (id === null) {
        // Counted under the customer's row lock, so two parallel requests cannot pass the limit together.
        await tx.select({ id: customer.id }).from(customer).where(eq(customer.id, customerId)).for("update");
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customerAddress).where(eq(customerAddress.customerId, customerId));
        if (n >= MAX_ADDRESSES_PER_CUSTOMER) return null;
        const [created] = await tx.insert(customerAddress).values({ customerId, ...values }).returning({ id: customerAddress.id });
        id = created!.id;
      } else {
        await tx
          .update(customerAddress)
          .set(values)
          .where(and(eq(customerAddress.id, id), eq(customerAddress.customerId, customerId)));
      }
      const customerChange = { ...defaultsSet(id, change), ...(vatId !== undefined ? { vatId: vatId || null } : {}) };
      if (Object.keys(customerChange).length) await tx.update(customer).set(customerChange).where(eq(customer.id, customerId));
      return id;
    });
    if (savedId === null) return { ok: false, reason: "limit-reached" };
    return { ok: true, address: (await addressesOf(customerId, savedId))[0]! };
  }

  return {
    async list(customerId) {
      const found = await owner(customerId);
      if (!found) return null;
      return {
        addresses: await addressesOf(customerId),
        defaultBillingAddressId: found.billing,
        defaultShippingAddressId: found.shipping,
        vatId: found.vatId,
      };
    },

    get,

    create: (customerId, input, change) => save(customerId, null, input, change),

    update: (customerId, addressId, input, change) => (isRowId(addressId) ? save(customerId, addressId, input, change) : Promise.resolve({ ok: false, reason: "not-found" })),

    async remove(customerId, addressId) {
      const found = await owner(customerId);
      if (!found || !(await get(customerId, addressId))) return { ok: false, reason: "not-found" };
      if (found.billing === addressId || found.shipping === addressId) return { ok: false, reason: "is-default" };
      // The default check is repeated in the statement: a default chosen meanwhile is never deleted.
      const deleted = await db
        .delete(customerAddress)
        .where(
          and(
            eq(customerAddress.id, addressId),
            eq(customerAddress.customerId, customerId),
            sql`not exists (select 1 from customer c where c.id = ${customerId}
                  and (c.default_billing_address_id = ${addressId} or c.default_shipping_address_id = ${addressId}))`,
          ),
        )
        .returning({ id: customerAddress.id });
      return deleted.length ? { ok: true } : { ok: false, reason: "is-default" };
    },

    async setDefault(customerId, addressId, change) {
      if (!(await get(customerId, addressId))) return false;
      const set = defaultsSet(addressId, change);
      if (Object.keys(set).length) await db.update(customer).set(set).where(eq(customer.id, customerId));
      return true;
    },
  };
}
