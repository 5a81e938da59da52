import { redirect } from "react-router";
import { z } from "zod";
import { ordersFilterOf } from "../../server/b2b/api";
import { accountVisitor } from "../account.server";
import { checkoutError } from "../checkout.server";
import { OrderDetailView } from "../features/order/OrderDetailView";
import { OrderEligibility } from "../features/eligibility/OrderEligibility";
import { PayAgain } from "../features/payment/paypal/PayAgain";
import { payAgainOf } from "../../server/payment/paypal/pay-again";
import type { Route } from "./+types/account-order-detail";

/** `/account/order/{orderNumber}`: one of the customer's orders; anyone else's number is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const order = await services.orders.findByNumberForCustomer(params.orderNumber, customer.id, await ordersFilterOf(services.b2b, customer));
  if (!order) throw checkoutError(404, "This order does not exist in your account.");
  // An order whose PayPal payment did not go through can be paid again here.
  const paypal = services.payments.paypal;
  const payable = paypal && (await payAgainOf(services)!.payable(order.orderNumber, customer.id));
  const payAgain = payable
    ? {
        ...paypal.connection.browser,
        environment: paypal.connection.settings.environment,
        intent: paypal.connection.settings.intent,
        currency: order.currency,
        merchantId: paypal.connection.settings.merchantId,
        partnerAttributionId: paypal.connection.settings.partnerAttributionId,
        testDouble: paypal.connection.testDouble,
      }
    : null;
  const eligibility = await services.eligibility.forOrder(order.id);
  return {
    order,
    payAgain,
    eligibility: eligibility && { subgroup: eligibility.subgroup, status: eligibility.status, proofName: eligibility.proof?.name ?? null },
  };
}

const PayAgainForm = z.object({ orderId: z.uuid(), paypalOrderId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** The approved PayPal order of "pay again": captured, then the page shows the order's new payment status. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const form = await request.formData().catch(() => null);
  const parsed = PayAgainForm.safeParse({ orderId: form?.get("orderId"), paypalOrderId: form?.get("paypalOrderId") });
  const payAgain = payAgainOf(services);
  if (!parsed.success || !payAgain) throw checkoutError(400, "This form is not known here.");
  await payAgain.finish({ ...parsed.data, customerId: customer.id });
  throw redirect(new URL(request.url).pathname.replace(/\/$/, "") || `/account/order/${params.orderNumber}`, 303);
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, payAgain } = loaderData;
  return (
    <>
      <OrderDetailView order={order} />
      {loaderData.eligibility && <OrderEligibility orderId={order.id} {...loaderData.eligibility} />}
      {payAgain && <PayAgain orderId={order.id} config={payAgain} />}
    </>
  );
}
