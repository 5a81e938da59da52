import { isRouteErrorResponse, useRouteError } from "react-router";
import { z } from "zod";
import { checkoutError, checkoutVisitor, PRIVATE_HEADERS } from "../checkout.server";
import { FinishView } from "../features/checkout/FinishView";
import { ErrorPage } from "../features/page/ErrorPage";
import type { Route } from "./+types/checkout-finish";

const notFound = () => checkoutError(404, "Not found");

/** `/checkout/finish?orderId=`: only the customer who placed the order sees it; anyone else a 404. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const orderId = z.uuid().safeParse(url.searchParams.get("orderId"));
  if (!orderId.success) throw notFound();
  const { services, customer } = await checkoutVisitor(context, request);
  if (!customer) throw notFound();
  const order = await services.orders.findForCustomer(orderId.data, customer.id);
  if (!order) throw notFound();
  return { order };
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

/** Its own boundary, so error pages get this route's private headers too. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />;
  return <ErrorPage status={500} />;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function CheckoutFinish({ loaderData }: Route.ComponentProps) {
  return <FinishView order={loaderData.order} />;
}
