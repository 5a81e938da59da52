import { asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { country, countryState, customerAddress } from "./tables";
import type { AddressView } from "./types";

/** Addresses with their country and state names, as pages and checkout show them, oldest first. */
export async function selectAddressViews(db: Database, where: SQL | undefined): Promise<AddressView[]> {
  const rows = await db
    .select({ address: customerAddress, countryName: country.name, stateName: countryState.name })
    .from(customerAddress)
    .innerJoin(country, eq(country.id, customerAddress.countryId))
    .leftJoin(countryState, eq(countryState.id, customerAddress.countryStateId))
    .where(where)
    .orderBy(asc(customerAddress.createdAt), asc(customerAddress.id));
  return rows.map(({ address, countryName, stateName }) => ({
    id: address.id,
    salutation: address.salutation,
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    street: address.street,
    zipcode: address.zipcode,
    city: address.city,
    countryId: address.countryId,
    countryName,
    countryStateId: address.countryStateId,
    stateName,
    phone: address.phone,
  }));
}
