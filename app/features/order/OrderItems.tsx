import { useEffect } from "react";
import type { OrderView } from "../../../server/order/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { subscriptionLabel } from "../../lib/subscription-label";
import { useShippingInfo } from "./use-shipping-info";

/**
 * An order's items with each one's shipping info (spec §4). The info is fetched when the list is shown
 * (`active`): every item reads "not yet shipped" unless the answer has its shipment; on failure the
 * container shows the server's message instead.
 */
export function OrderItems({ order, active }: { order: OrderView; active: boolean }) {
  const { t, locale } = useI18n();
  const products = order.lineItems.filter((line) => line.type === "product");
  const { state, load } = useShippingInfo(
    order.orderNumber,
    products.map((line) => line.id),
  );
  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  return (
    <div className="order-shipping" aria-busy={state.status === "loading"}>
      {state.status === "failure" && (
        <p className="order-shipping__error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === "loading" && (
        <p className="order-shipping__loading" role="status">
          {t("order.shipping.loading")}
        </p>
      )}
      <ul className="order-items">
        {products.map((line) => (
          <li key={line.id} className="order-item">
            <div className="order-item__info">
              <p className="order-item__name">{line.label}</p>
              {line.options && <p className="order-item__meta">{line.options}</p>}
              {line.subscription && (
                <p className="order-item__meta">{t("purchase.subscription", { plan: subscriptionLabel(t, line.subscription) })}</p>
              )}
              <p className="order-item__meta">
                {t("order.detail.productNumber", { number: line.reference })} · {t("order.detail.quantity", { quantity: line.quantity })}
              </p>
              {state.status === "success" && (
                <p className="order-item__shipping" data-line-item-id={line.id}>
                  {state.items[line.id]}
                </p>
              )}
            </div>
            <p className="order-item__total">{money(line.totalGross)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
