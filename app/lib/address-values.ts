import type { AddressBookInput } from "../../server/customer/schemas";

/**
 * An address as an address form's starting values by field name (text fields only): a stored address
 * (with the customer's VAT id), or what was sent and refused. Used on the server (the address pages) and
 * in the browser (the address editor modal).
 */
export function addressValues(input: Partial<Record<keyof AddressBookInput, string | null | undefined>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) if (typeof value === "string") values[key] = value;
  return values;
}
