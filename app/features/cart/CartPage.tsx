import { useMemo } from "react";
import { Form, Link } from "react-router";
import type { CartNotice, CartView } from "../../../server/cart/types";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { itemCountText, LineItemList } from "./CartLineItems";
import { NoticeList } from "./CartNotices";
import { Promotions } from "./CartPromotions";
import { CartTotals, CheckoutLink, ShippingMethod } from "./CartSummary";
import { isPromotionNotice } from "./notices";
import { useCartForms } from "./use-cart-forms";
import { ExpressCheckoutSlot, InstallmentBannerSlot } from "../../ui/payment-slots";
import { useRoutePath } from "../../ui/use-route-path";

/**
 * The cart page: the same items, promotions, shipping and totals as the panel. Every control is a plain
 * form that ends back here without JavaScript; with it, forms are sent with fetch and the page shows
 * the answer.
 */
export function CartPage({
  cart,
  notices,
  paymentNotice,
  canRequestQuote = false,
}: {
  cart: CartView;
  notices: CartNotice[];
  paymentNotice?: string;
  /** A business customer whose role may request quotes (B2B, issue 24): the summary offers Request quote. */
  canRequestQuote?: boolean;
}) {
  const { t } = useI18n();
  const initial = useMemo(() => ({ cart, notices }), [cart, notices]);
  const { result, failed, api, root } = useCartForms({ initial, redirectTo: "frontend.checkout.cart.page" });
  const shown = result.cart;
  const empty = shown.lineItems.length === 0;

  return (
    <div className="container page cart-page" ref={root} tabIndex={-1} aria-busy={api.pending !== null}>
      <div className="cart-page__header">
        <h1>{t("cart.title")}</h1>
        {!empty && <p className="cart-page__count">{itemCountText(t, shown.itemCount)}</p>}
      </div>
      {failed && (
        <p role="alert" className="cart-notice cart-notice--error">
          {t("cart.changeError")}
        </p>
      )}
      {paymentNotice && (
        <p role="alert" className="cart-notice cart-notice--error">
          {paymentNotice}
        </p>
      )}
      <NoticeList notices={empty ? result.notices : result.notices.filter((notice) => !isPromotionNotice(notice))} />
      {empty ? (
        <div className="cart-empty cart-empty--page">
          <Icon name="cart" size={48} />
          <p className="cart-empty__title">{t("cart.empty")}</p>
          <p>{t("cart.emptyText")}</p>
          <Link to="/" className="button button--primary">
            {t("cart.emptyHome")}
          </Link>
        </div>
      ) : (
        <div className="cart-page__grid">
          <div className="cart-page__items">
            <LineItemList cart={shown} api={api} />
          </div>
          <section className="cart-page__summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">{t("cart.summary")}</h2>
            <Promotions cart={shown} notices={result.notices.filter(isPromotionNotice)} api={api} />
            <ShippingMethod cart={shown} api={api} />
            <CartTotals cart={shown} />
            <CheckoutLink cart={shown} api={api} />
            {canRequestQuote && <RequestQuoteForm />}
            {shown.canCheckout && <ExpressCheckoutSlot place="cart" />}
            <InstallmentBannerSlot amount={shown.totals.grossTotal} currency={shown.currency} />
          </section>
        </div>
      )}
    </div>
  );
}

/** Request quote: the quotes page copies the cart's lines into a new quote and shows it (a plain post). */
function RequestQuoteForm() {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <Form method="post" action={path("frontend.account.quotes.page")}>
      <input type="hidden" name="intent" value="request" />
      <button type="submit" className="button button--secondary button--block">
        {t("cart.requestQuote")}
      </button>
    </Form>
  );
}
