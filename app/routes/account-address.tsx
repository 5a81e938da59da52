import { redirect } from "react-router";
import { z } from "zod";
import { MAX_ADDRESSES_PER_CUSTOMER } from "../../server/customer/addresses";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { accountVisitor } from "../account.server";
import { checkoutError, localizedCountries } from "../checkout.server";
import { ChangeAddressButton } from "../features/address/AddressEditorModal";
import { AddressBookView, addressNotices, type AddressNotice } from "../features/address/AddressBookView";
import type { Route } from "./+types/account-address";

const BOOK = routeNames["frontend.account.address.page"];

const AddressAction = z.object({
  intent: z.enum(["delete", "default-billing", "default-shipping"]),
  addressId: z.uuid(),
});

const back = (notice: AddressNotice) => redirect(`${BOOK}?notice=${notice}`, 303);

/** `/account/address`: the customer's addresses, the defaults marked. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, locale } = await accountVisitor(context, request);
  const book = await services.addresses.list(customer.id);
  if (!book) throw checkoutError(404, "This customer does not exist.");
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    book: { ...book, maxAddresses: MAX_ADDRESSES_PER_CUSTOMER },
    notice: addressNotices.find((n) => n === notice) ?? null,
    // For the address editor's "new address" form.
    countries: localizedCountries(await services.customers.countries(), locale),
    limits: FIELD_LIMITS,
  };
}

/** Delete an address, or make it the default billing or shipping address (plain form posts). */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const form = await request.formData().catch(() => null);
  const parsed = AddressAction.safeParse({ intent: form?.get("intent"), addressId: form?.get("addressId") });
  if (!parsed.success) throw checkoutError(400, "This address form is not complete. Please reload the page and try again.");
  const { intent, addressId } = parsed.data;
  if (intent === "delete") {
    const result = await services.addresses.remove(customer.id, addressId);
    if (result.ok) return back("deleted");
    if (result.reason === "is-default") return back("isDefault");
    throw checkoutError(404, "This address does not exist.");
  }
  const billing = intent === "default-billing";
  const done = await services.addresses.setDefault(customer.id, addressId, { changeBilling: billing, changeShipping: !billing });
  if (!done) throw checkoutError(404, "This address does not exist.");
  return back(billing ? "defaultBilling" : "defaultShipping");
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountAddress({ loaderData }: Route.ComponentProps) {
  const { book, notice, countries, limits } = loaderData;
  const editor = (change: { changeBilling: boolean; changeShipping: boolean }, addressId: string | null) => (
    <ChangeAddressButton change={change} addressId={addressId} countries={countries} limits={limits} />
  );
  return (
    <AddressBookView
      book={book}
      notice={notice}
      defaultActions={
        <>
          {editor({ changeBilling: true, changeShipping: false }, book.defaultBillingAddressId)}
          {editor({ changeBilling: false, changeShipping: true }, book.defaultShippingAddressId)}
        </>
      }
    />
  );
}
