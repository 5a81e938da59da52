import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import type { CartView } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { cartItems } from "../../lib/analytics-items";
import { trackAnalytics } from "../../lib/analytics";
import { TotalsList } from "../../ui/TotalsList";
import { useRoutePath } from "../../ui/use-route-path";
import { RedirectField } from "./RedirectField";
import type { CartFormsApi } from "./use-cart-forms";
import "./Cart.css";

/** The shipping method: sent as soon as it changes (a button does it without JavaScript). */
export function ShippingMethod({ cart, api }: { cart: CartView; api: CartFormsApi }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // The server's choice is shown after every answer (it ignores a method it cannot offer).
  useEffect(() => {
    if (select.current) select.current.value = cart.shippingMethodId ?? "";
  }, [cart]);
  if (cart.shippingMethods.length === 0) return null;
  return (
    <form method="post" action={path("frontend.checkout.configure")} className="cart-shipping" data-cart-form="configure" onSubmit={api.onSubmit}>
      <RedirectField api={api} />
      <label htmlFor={id}>{t("cart.shippingMethod")}</label>
      <div className="cart-shipping__row">
        <select
          ref={select}
          id={id}
          name="shippingMethodId"
          defaultValue={cart.shippingMethodId ?? ""}
          data-focus-id="shipping-method"
          onChange={(event) => api.send(event.currentTarget.form!)}
        >
          {cart.shippingMethodId === null && <option value="" disabled />}
          {cart.shippingMethods.map((method) => (
            <option key={method.id} value={method.id}>
              {t("cart.shippingOption", {
                name: method.name,
                price: method.priceGross === 0 ? t("price.free") : formatMoney(method.priceGross, cart.currency, locale),
              })}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--secondary">
            {t("cart.shippingApply")}
          </button>
        </noscript>
      </div>
    </form>
  );
}

/** The cart's totals; its promotions show as one discount line. */
export function CartTotals({ cart }: { cart: CartView }) {
  const { t } = useI18n();
  const { totals } = cart;
  const discounts = totals.discountGross > 0 ? [{ label: t("cart.discount"), amount: totals.discountGross }] : [];
  return <TotalsList amounts={totals} discounts={discounts} currency={cart.currency} />;
}

/** "Go to checkout" while the cart can be ordered; otherwise what stands in the way. */
export function CheckoutLink({ cart, api }: { cart: CartView; api: CartFormsApi }) {
  const { t } = useI18n();
  const path = useRoutePath();
  if (!cart.canCheckout) return <p className="cart-blocked">{t("cart.cannotCheckout")}</p>;
  const to = path("frontend.checkout.register.page");
  return (
    <Link
      to={to}
      className="button button--primary button--large button--block"
      onClick={(event) => {
        trackAnalytics({ name: "begin_checkout", items: cartItems(cart.lineItems, cart.currency) });
        api.onLinkClick?.(event, to);
      }}
    >
      {t("cart.goToCheckout")}
    </Link>
  );
}
