import { data, redirect, type RouterContextProvider } from "react-router";
import { reviewAuthorName } from "../server/reviews/author-name";
import { reviewFromForm, reviewValues } from "../server/reviews/schema";
import { loginRedirect } from "./account.server";
import { checkoutVisitor } from "./checkout.server";
import type { ReviewFormResult } from "./features/product/review-data";
import { PRIVATE_HEADERS } from "./private-headers.server";

/**
 * A review posted from a product page (`intent=review`; the form works without JavaScript): stored as
 * pending for the logged-in customer, else the login page, which brings the shopper back.
 */
export async function reviewAction(context: Readonly<RouterContextProvider>, request: Request, productId: string) {
  const form = await request.formData().catch(() => null);
  if (!form || form.get("intent") !== "review") {
    throw data("This form cannot be sent here.", { status: 400, headers: PRIVATE_HEADERS });
  }
  const { services, customer } = await checkoutVisitor(context, request);
  if (!customer || customer.guest) throw redirect(loginRedirect(request), { status: 303 });
  const input = reviewFromForm(form);
  const result = await services.reviews.submit({ customerId: customer.id, name: reviewAuthorName(customer) }, productId, input);
  if (result.ok) return data<ReviewFormResult>({ sent: true }, { headers: PRIVATE_HEADERS });
  if (result.reason === "unknown-product") throw data("This product does not exist.", { status: 404, headers: PRIVATE_HEADERS });
  return data<ReviewFormResult>({ sent: false, errors: result.errors, values: reviewValues(input) }, { status: 400, headers: PRIVATE_HEADERS });
}
