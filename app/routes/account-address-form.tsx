import { data, redirect } from "react-router";
import { addressFromForm } from "../../server/customer/form";
import { addressValues } from "../lib/address-values";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import type { FieldErrors } from "../../server/customer/types";
import { routeNames } from "../../kernel/route-names";
import { accountVisitor } from "../account.server";
import { checkoutError, localizedCountries } from "../checkout.server";
import { AddressFormView } from "../features/address/AddressFormView";
import type { AddressNotice } from "../features/address/AddressBookView";
import type { Route } from "./+types/account-address-form";

const BOOK = routeNames["frontend.account.address.page"];

/** What the action answers when it refuses the form: the values as sent and an error per field. */
export interface AddressFormResult {
  values: Record<string, string>;
  errors: FieldErrors;
}

/** `/account/address/create` and `/account/address/{addressId}`: the address form. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, customer, locale } = await accountVisitor(context, request);
  const book = await services.addresses.list(customer.id);
  if (!book) throw checkoutError(404, "This customer does not exist.");
  const address = params.addressId ? book.addresses.find((a) => a.id === params.addressId) : undefined;
  if (params.addressId && !address) throw checkoutError(404, "This address does not exist.");
  return {
    editing: !!address,
    values: addressValues({ ...(address ?? {}), vatId: book.vatId }),
    countries: localizedCountries(await services.customers.countries(), locale),
    limits: FIELD_LIMITS,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const input = addressFromForm(form);
  const result = params.addressId
    ? await services.addresses.update(customer.id, params.addressId, input)
    : await services.addresses.create(customer.id, input);
  if (result.ok) return redirect(`${BOOK}?notice=${(params.addressId ? "updated" : "created") satisfies AddressNotice}`, 303);
  if (result.reason === "not-found") throw checkoutError(404, "This address does not exist.");
  if (result.reason === "limit-reached") return redirect(`${BOOK}?notice=${"limit" satisfies AddressNotice}`, 303);
  return data<AddressFormResult>({ values: addressValues(input), errors: result.errors }, { status: 400 });
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountAddressForm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AddressFormView
      editing={loaderData.editing}
      countries={loaderData.countries}
      limits={loaderData.limits}
      values={actionData?.values ?? loaderData.values}
      errors={actionData?.errors}
    />
  );
}
