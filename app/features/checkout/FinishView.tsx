import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OrderView } from "../../../server/order/types";
import { useI18n } from "../../i18n/i18n";
import { subscriptionLabel } from "../../lib/subscription-label";
import { Icon } from "../../ui/Icon";
import { CheckoutSteps } from "./CheckoutSteps";
import { FinishText } from "./FinishText";
import { OrderAddressSummary } from "../../ui/AddressSummary";
import { TotalsList } from "../../ui/TotalsList";
import { itemsHeading, LineItemList, type SummaryLine } from "./OrderSummary";
import "./Checkout.css";

/** `/checkout/finish?orderId=`: the thank-you page with the order number and what was ordered. */
export function FinishView({ order, payment }: { order: OrderView; /** The payment's own part (Pay upon invoice's status), composed in by the route. */ payment?: ReactNode }) {
  const { t } = useI18n();
  const products = order.lineItems.filter((line) => line.type === "product");
  const lines: SummaryLine[] = products.map((line) => ({
    key: line.id,
    name: line.label,
    options: line.options,
    subscription: line.subscription ? t("purchase.subscription", { plan: subscriptionLabel(t, line.subscription) }) : undefined,
    productNumber: line.reference,
    quantity: line.quantity,
    unitGross: line.unitGross,
    totalGross: line.totalGross,
  }));
  const discounts = order.lineItems
    .filter((line) => line.type === "promotion")
    .map((line) => ({ label: `${line.label} (${line.reference})`, amount: -line.totalGross }));
  return (
    <div className="container page checkout">
      <title>{`${t("checkout.finish.metaTitle")} | ${t("shop.name")}`}</title>
      <CheckoutSteps current="finish" />
      <div className="checkout-finish">
        <span className="checkout-finish__icon" aria-hidden="true">
          <Icon name="check" size={32} />
        </span>
        <h1 className="checkout__title">{t("checkout.finish.title")}</h1>
        <p className="checkout-finish__number">
          {t("checkout.finish.numberLabel")} <strong>{order.orderNumber}</strong>
        </p>
        <p>{t("checkout.finish.mail", { email: order.email })}</p>
      </div>
      {payment}
      <FinishText orderId={order.id} />
      <div className="checkout-confirm">
        <div className="checkout-confirm__main">
          <section className="checkout-card" aria-labelledby="finish-addresses">
            <h2 id="finish-addresses">{t("checkout.confirm.addresses")}</h2>
            <OrderAddressSummary order={order} />
          </section>
          <section className="checkout-card" aria-labelledby="finish-items">
            <h2 id="finish-items">{itemsHeading(t, products.reduce((sum, line) => sum + line.quantity, 0))}</h2>
            <LineItemList lines={lines} currency={order.currency} withImages={false} />
          </section>
        </div>
        <aside className="checkout-card checkout-confirm__summary" aria-labelledby="finish-summary">
          <h2 id="finish-summary">{t("checkout.confirm.summary")}</h2>
          <TotalsList amounts={order} discounts={discounts} currency={order.currency} />
          <Link to="/" className="button button--primary button--block">
            {t("checkout.finish.continue")}
          </Link>
        </aside>
      </div>
    </div>
  );
}
