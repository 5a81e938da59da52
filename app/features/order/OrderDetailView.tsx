import { Link } from "react-router";
import type { OrderView } from "../../../server/order/types";
import { useI18n } from "../../i18n/i18n";
import { OrderAddressSummary } from "../../ui/AddressSummary";
import { TotalsList } from "../../ui/TotalsList";
import { useRoutePath } from "../../ui/use-route-path";
import { formatOrderDate, useOrderStatus } from "./OrderHistoryView";
import { OrderItems } from "./OrderItems";
import "./Order.css";

/** `/account/order/{orderNumber}`: addresses, shipping and payment method, the items with their shipping info, totals. */
export function OrderDetailView({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const status = useOrderStatus();
  const title = t("order.detail.title", { number: order.orderNumber });
  const discounts = order.lineItems
    .filter((line) => line.type === "promotion")
    .map((line) => ({ label: `${line.label} (${line.reference})`, amount: -line.totalGross }));
  return (
    <>
      <title>{`${title} | ${t("shop.name")}`}</title>
      <Link to={path("frontend.account.order.page")} className="order-back">
        {t("order.detail.back")}
      </Link>
      <h1>{title}</h1>
      <p className="order-lead">
        {t("order.detail.placed", { date: formatOrderDate(order.createdAt, locale) })} · {status(order.status)}
        {order.placedBy && ` · ${t("order.detail.placedBy", { name: order.placedBy })}`}
      </p>
      <div className="order-detail">
        <section className="order-card" aria-labelledby="order-addresses">
          <h2 id="order-addresses" className="visually-hidden">
            {t("order.detail.addresses")}
          </h2>
          <OrderAddressSummary order={order} />
        </section>
        <section className="order-card" aria-labelledby="order-items">
          <h2 id="order-items">{t("order.detail.items")}</h2>
          <OrderItems order={order} active />
        </section>
        <section className="order-card" aria-labelledby="order-totals">
          <h2 id="order-totals">{t("order.detail.totals")}</h2>
          <TotalsList amounts={order} discounts={discounts} currency={order.currency} />
        </section>
      </div>
    </>
  );
}
