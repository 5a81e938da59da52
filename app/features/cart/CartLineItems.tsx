import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import type { CartLineView, CartNotice, CartPromotionView, CartView } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { cartItems } from "../../lib/analytics-items";
import { trackAnalytics } from "../../lib/analytics";
import { subscriptionLabel } from "../../lib/subscription-label";
import { CART_QUANTITY_DELAY_MS, PROMOTION_CODE_MAX_LENGTH } from "../../lib/constants";
import { Icon } from "../../ui/Icon";
import { ExtraIcon } from "../../ui/ExtraIcon";
import { ResponsiveImage } from "../../ui/ResponsiveImage";
import { TotalsList } from "../../ui/TotalsList";
import { useRoutePath } from "../../ui/use-route-path";
import { issueMessage, noticeMessage, promotionStatusKey } from "./notices";
import { wantedQuantity } from "./quantity-input";
import { PROMOTION_FOCUS_ID, type CartFormsApi } from "./use-cart-forms";
import "./Cart.css";

/** Notices of the last change: alerts for what did not happen as asked, a status for the rest. */
export function NoticeList({ notices }: { notices: CartNotice[] }) {
  const { t } = useI18n();
  if (notices.length === 0) return null;
  return (
    <div className="cart-notices">
      {notices.map((notice, index) => {
        const { key, values, tone } = noticeMessage(notice);
        return (
          <p key={`${notice.code}-${index}`} role={tone === "error" ? "alert" : "status"} className={`cart-notice cart-notice--${tone}`}>
            <ExtraIcon name={tone === "success" ? "check" : "close"} size={18} />
            {t(key, values)}
          </p>
        );
      })}
    </div>
  );
}

function RedirectField({ api }: { api: CartFormsApi }) {
  return <input type="hidden" name="redirectTo" value={api.redirectTo} />;
}

/**
 * The quantity of a line: a form that posts without JavaScript (the Update button); with it, one
 * request 800 ms after the last change, or at once on Enter (spec §9).
 */
function QuantityForm({ line, api, describedBy }: { line: CartLineView; api: CartFormsApi; describedBy: string }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverQuantity = useRef(line.quantity);

  // Every answer brings the server's quantity, which is shown unless the shopper is typing a new one.
  useEffect(() => {
    serverQuantity.current = line.quantity;
    if (timer.current === undefined && input.current) input.current.value = String(line.quantity);
  }, [line]);
  // Closing the panel before the delay is over still saves what was typed.
  const pendingCommit = useRef<(() => void) | null>(null);
  useEffect(() => {
    const pending = pendingCommit;
    return () => pending.current?.();
  }, []);

  const commit = (form: HTMLFormElement, value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pendingCommit.current = null;
    const quantity = wantedQuantity(value);
    if (quantity !== null && quantity !== serverQuantity.current) api.send(form);
  };

  return (
    <form
      method="post"
      action={path("frontend.checkout.line-item.change-quantity", { id: line.id })}
      className="cart-quantity"
      data-cart-form="quantity"
      data-line-id={line.id}
      onSubmit={(event) => {
        event.preventDefault();
        commit(event.currentTarget, input.current?.value ?? "");
      }}
    >
      <RedirectField api={api} />
      <label htmlFor={id} className="cart-quantity__label">
        {t("cart.quantity")}
      </label>
      <input
        ref={input}
        id={id}
        type="number"
        name="quantity"
        inputMode="numeric"
        min={line.minPurchase}
        max={Math.max(line.maxPurchase, line.minPurchase)}
        step={line.purchaseStep}
        defaultValue={line.quantity}
        required
        aria-describedby={describedBy}
        data-focus-id={`quantity-${line.id}`}
        className="cart-quantity__input"
        onChange={(event) => {
          const { form, value } = event.currentTarget;
          clearTimeout(timer.current);
          pendingCommit.current = () => commit(form!, value);
          timer.current = setTimeout(() => commit(form!, value), CART_QUANTITY_DELAY_MS);
        }}
      />
      <noscript>
        <button type="submit" className="button button--secondary">
          {t("cart.update")}
        </button>
      </noscript>
    </form>
  );
}

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
            <ExtraIcon name="close" size={16} />
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
            <ExtraIcon name="close" size={16} />
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

function PromotionEntry({ promotion, currency, api }: { promotion: CartPromotionView; currency: string; api: CartFormsApi }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const applied = promotion.status === "applied";
  return (
    <li className={`cart-promotion cart-promotion--${promotion.status}`}>
      <div className="cart-promotion__text">
        <span className="cart-promotion__name">{promotion.name}</span>
        <span className="cart-promotion__status">
          <code>{promotion.code}</code> · {t(promotionStatusKey[promotion.status], { blockedBy: promotion.blockedBy ?? "" })}
          {applied && promotion.discountGross > 0 && <> · −{formatMoney(promotion.discountGross, currency, locale)}</>}
        </span>
      </div>
      <form method="post" action={path("frontend.checkout.promotion.delete", { id: promotion.id })} data-cart-form="promotion-remove" onSubmit={api.onSubmit}>
        <RedirectField api={api} />
        <button
          type="submit"
          className="icon-button"
          aria-label={t("cart.removePromotion", { code: promotion.code })}
          data-focus-id={`promotion-remove-${promotion.id}`}
        >
          <ExtraIcon name="close" size={18} />
        </button>
      </form>
    </li>
  );
}

/** The promotion code field, its notices right below it, and the promotions in the cart. */
export function Promotions({ cart, notices, api }: { cart: CartView; notices: CartNotice[]; api: CartFormsApi }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const id = useId();
  return (
    <div className="cart-promotions" aria-busy={api.pending?.kind === "promotion-add"}>
      <form method="post" action={path("frontend.checkout.promotion.add")} className="cart-promotion-form" data-cart-form="promotion-add" onSubmit={api.onSubmit}>
        <RedirectField api={api} />
        <label htmlFor={id}>{t("cart.promotionCode")}</label>
        <div className="cart-promotion-form__row">
          <input
            id={id}
            name="code"
            required
            maxLength={PROMOTION_CODE_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t("cart.promotionPlaceholder")}
            data-focus-id={PROMOTION_FOCUS_ID}
          />
          <button type="submit" className="button button--secondary">
            {t("cart.addPromotion")}
          </button>
        </div>
      </form>
      <NoticeList notices={notices} />
      {cart.promotions.length > 0 && (
        <ul className="cart-promotion-list" aria-label={t("cart.promotions")}>
          {cart.promotions.map((promotion) => (
            <PromotionEntry key={promotion.id} promotion={promotion} currency={cart.currency} api={api} />
          ))}
        </ul>
      )}
    </div>
  );
}

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

export function itemCountText(t: ReturnType<typeof useI18n>["t"], count: number): string {
  return count === 1 ? t("cart.itemCountOne") : t("cart.itemCount", { count });
}
