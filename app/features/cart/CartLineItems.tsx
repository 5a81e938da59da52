import { useId } from "react";
import { Link } from "react-router";
import type { CartLineView, CartView } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { cartItems } from "../../lib/analytics-items";
import { trackAnalytics } from "../../lib/analytics";
import { subscriptionLabel } from "../../lib/subscription-label";
import { Icon } from "../../ui/Icon";
import { ResponsiveImage } from "../../ui/ResponsiveImage";
import { useRoutePath } from "../../ui/use-route-path";
import { issueMessage } from "./notices";
import { QuantityForm } from "./QuantityForm";
import { RedirectField } from "./RedirectField";
import type { CartFormsApi } from "./use-cart-forms";
import "./Cart.css";

function LineItem({ line, currency, api }: { line: CartLineView; currency: string; api: CartFormsApi }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const nameId = useId();
  const removing = api.pending?.kind === "remove" && api.pending.lineId === line.id;
  const issue = line.issue ? issueMessage(line.issue) : null;
  return (
    <li className={`cart-line ${line.issue ? "cart-line--issue" : ""}`} aria-busy={removing}>
      <div className="cart-line__image">
        {line.image ? <ResponsiveImage image={{ ...line.image, alt: "" }} sizes="88px" /> : <Icon name="cart" size={32} />}
      </div>
      <div className="cart-line__info">
        <Link id={nameId} to={line.url} className="cart-line__name" onClick={(event) => api.onLinkClick?.(event, line.url)}>
          {line.name}
        </Link>
        {line.options.length > 0 && (
          <ul className="cart-line__options">
            {line.options.map((option) => (
              <li key={option.group}>
                {option.group}: {option.option}
              </li>
            ))}
          </ul>
        )}
        {line.subscription && <p className="cart-line__subscription">{t("purchase.subscription", { plan: subscriptionLabel(t, line.subscription) })}</p>}
        <p className="cart-line__number">{t("cart.productNumber", { number: line.productNumber })}</p>
        {issue && (
          <p className="cart-line__issue">
            <Icon name="close" size={16} />
            {t(issue.key, issue.values)}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        <QuantityForm line={line} api={api} describedBy={nameId} />
        <form
          method="post"
          action={path("frontend.checkout.line-item.delete", { id: line.id })}
          data-cart-form="remove"
          data-line-id={line.id}
          onSubmit={(event) => {
            trackAnalytics({ name: "remove_from_cart", items: cartItems([line], currency) });
            api.onSubmit(event);
          }}
        >
          <RedirectField api={api} />
          <button type="submit" className="cart-line__remove" aria-describedby={nameId} data-focus-id={`remove-${line.id}`}>
            <Icon name="close" size={16} />
            {t("cart.remove")}
          </button>
        </form>
      </div>
      <div className="cart-line__prices">
        <span className="cart-line__total">
          <span className="visually-hidden">{t("cart.lineTotal")}: </span>
          {formatMoney(line.totalGross, currency, locale)}
        </span>
        {line.quantity > 1 && (
          <span className="cart-line__unit">{t("cart.unitPrice", { price: formatMoney(line.unitGross, currency, locale) })}</span>
        )}
      </div>
      {removing && (
        <div className="element-loader">
          <span className="spinner" aria-hidden="true" />
          <span role="status" className="visually-hidden">
            {t("cart.busy")}
          </span>
        </div>
      )}
    </li>
  );
}

/** The cart's items, each with its quantity form and Remove button. */
export function LineItemList({ cart, api }: { cart: CartView; api: CartFormsApi }) {
  const { t } = useI18n();
  return (
    <ul className="cart-lines" aria-label={t("cart.items")}>
      {cart.lineItems.map((line) => (
        <LineItem key={line.id} line={line} currency={cart.currency} api={api} />
      ))}
    </ul>
  );
}

/** "2 items", singular for one: the count the panel and the page show above the items. */
export function itemCountText(t: ReturnType<typeof useI18n>["t"], count: number): string {
  return count === 1 ? t("cart.itemCountOne") : t("cart.itemCount", { count });
}
