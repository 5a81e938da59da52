import type { ReactNode } from "react";
import type { OrderView } from "../../server/order/types";
import { useI18n } from "../i18n/i18n";
import { AddressBlock } from "./AddressBlock";
import "./AddressSummary.css";

interface AddressSummaryProps {
  /** Under **Billing address**: its `AddressBlock`, and what the page adds (the confirm page's Change button). */
  billing: ReactNode;
  /** Under **Shipping address**, the same. */
  shipping: ReactNode;
  /** The shipping and payment method, once the order is placed, with the payment's state. */
  methods?: { shipping: string; payment: string; paymentStatus?: string };
}

/**
 * The billing and shipping address side by side, and a placed order's methods below them: the same
 * summary on the confirm page, the order confirmation and the order detail.
 */
export function AddressSummary({ billing, shipping, methods }: AddressSummaryProps) {
  const { t } = useI18n();
  return (
    <>
      <div className="address-summary">
        <div>
          <h3>{t("address.summary.billing")}</h3>
          {billing}
        </div>
        <div>
          <h3>{t("address.summary.shipping")}</h3>
          {shipping}
        </div>
      </div>
      {methods && (
        <dl className="address-summary__methods">
          <div>
            <dt>{t("address.summary.shippingMethod")}</dt>
            <dd>{methods.shipping}</dd>
          </div>
          <div>
            <dt>{t("address.summary.paymentMethod")}</dt>
            <dd>{methods.payment}</dd>
          </div>
          {methods.paymentStatus && (
            <div>
              <dt>{t("payment.status")}</dt>
              <dd>{methods.paymentStatus}</dd>
            </div>
          )}
        </dl>
      )}
    </>
  );
}

/** A placed order's addresses and methods (the order confirmation and the order detail). */
export function OrderAddressSummary({ order }: { order: Pick<OrderView, "billingAddress" | "shippingAddress" | "shippingMethodName" | "paymentMethodName" | "payment"> }) {
  const { t } = useI18n();
  const state = t(`payment.state.${order.payment.state}`);
  return (
    <AddressSummary
      billing={<AddressBlock address={order.billingAddress} />}
      shipping={<AddressBlock address={order.shippingAddress} />}
      methods={{
        shipping: order.shippingMethodName,
        payment: order.paymentMethodName,
        paymentStatus: order.payment.testPayment ? `${state} · ${t("payment.testPayment")}` : state,
      }}
    />
  );
}
