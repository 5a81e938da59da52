import { useId } from "react";
import type { CartNotice, CartPromotionView, CartView } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { PROMOTION_CODE_MAX_LENGTH } from "../../../kernel/constants";
import { Icon } from "../../ui/Icon";
import { useRoutePath } from "../../ui/use-route-path";
import { NoticeList } from "./CartNotices";
import { promotionStatusKey } from "./notices";
import { RedirectField } from "./RedirectField";
import { PROMOTION_FOCUS_ID, type CartFormsApi } from "./use-cart-forms";
import "./Cart.css";

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
          <Icon name="close" size={18} />
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
