import { useId, useState } from "react";
import type { ProductDetail } from "../../../server/catalog/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { subscriptionLabel } from "../../lib/subscription-label";
import { Icon } from "../../ui/Icon";
import { Price } from "../../ui/Price";
import { quantityOptions } from "./quantity";
import { remainingFrom, useOrderAllowance } from "./order-allowance";
import { useRoutePath } from "../../ui/use-route-path";
import { TaxInfoNote } from "../../ui/tax-info/TaxInfoLink";
import { ProductAction } from "../../ui/product-actions";
import { ExpressCheckoutSlot, InstallmentBannerSlot } from "../../ui/payment-slots";

export function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const formId = useId();
  const limitId = useId();
  const soldOut = product.stockState === "sold-out";
  const quantities = quantityOptions(product.minPurchase, product.maxPurchase, product.purchaseStep);
  const [wanted, setQuantity] = useState(quantities[0] ?? 1);
  // Another variant may offer other quantities; the choice then starts over at its first.
  const quantity = quantities.includes(wanted) ? wanted : (quantities[0] ?? 1);
  const limited = product.maxOrderQuantity !== null;
  const { allowance, check } = useOrderAllowance(product.productId, quantity, limited);
  const remaining = allowance ? remainingFrom(allowance) : Infinity;
  // Spec §4: a quantity above what may be ordered makes express checkout warn instead of opening PayPal.
  const restricted = allowance !== null && allowance.addcartcount < quantity;
  return (
    <div className="buy-box">
      <Price price={product.price} listPrice={product.listPrice} className="buy-box__price" />
      <p className="buy-box__tax">
        <TaxInfoNote text={t("taxInfo.productNote", { rate: product.taxRateBasisPoints / 100 })} />
      </p>
      <InstallmentBannerSlot amount={product.price.amount} currency={product.price.currency} />
      <ul className="buy-box__facts">
        <li className={`stock stock--${product.stockState}`}>
          <Icon name={soldOut ? "close" : "check"} size={18} />
          {product.stockState === "in-stock"
            ? t("product.inStock")
            : product.stockState === "low-stock"
              ? t("product.lowStock", { count: product.stock })
              : t("product.soldOut")}
        </li>
        {product.freeShipping && (
          <li>
            <Icon name="truck" size={18} />
            {t("product.freeShipping")}
          </li>
        )}
      </ul>
      {product.subscriptionPlans.length > 0 && <PurchaseOptions product={product} formId={formId} />}
      {/* Posts to the cart page without JavaScript; the cart feature sends it and opens the cart panel. */}
      <form id={formId} method="post" action={path("frontend.checkout.line-item.add")} className="buy-box__form" data-add-to-cart data-product-number={product.productNumber} data-product-name={product.name}>
        <input type="hidden" name="variantId" value={product.variantId} />
        <input type="hidden" name="redirectTo" value="frontend.checkout.cart.page" />
        <label htmlFor="buy-quantity" className="visually-hidden">
          {t("product.quantity")}
        </label>
        <select
          id="buy-quantity"
          name="quantity"
          disabled={soldOut}
          value={quantity}
          onChange={(event) => setQuantity(Number(event.currentTarget.value))}
          onFocus={() => void check(quantity)}
          aria-describedby={limited ? limitId : undefined}
        >
          {quantities.map((n) => (
            // Above what the cart may still take is not offered; with nothing left the select stays
            // usable and the cart answers the add with the limit's message.
            <option key={n} value={n} disabled={remaining >= 1 && n > remaining}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary button--large" disabled={soldOut}>
          <Icon name="cart" size={20} />
          {t("product.addToCart")}
        </button>
      </form>
      <ExpressCheckoutSlot place="product" formId={formId} restricted={restricted} />
      {limited && (
        <div id={limitId} className="buy-box__limit">
          <p>{t("purchase.limit", { max: product.maxOrderQuantity! })}</p>
          <p role="status">
            {allowance && allowance.inCart > 0 && allowance.addcartcount < quantity
              ? remaining === 0
                ? t("purchase.limitReached", { max: product.maxOrderQuantity! })
                : t("purchase.limitLeft", { inCart: allowance.inCart, count: remaining })
              : ""}
          </p>
        </div>
      )}
      <ProductAction productId={product.productId} variant="detail" />
      <p className="buy-box__number">{t("product.number", { number: product.productNumber })}</p>
    </div>
  );
}

/** One-time purchase or one of the product's subscriptions, each with its price; part of the buy form. */
function PurchaseOptions({ product, formId }: { product: ProductDetail; formId: string }) {
  const { t, locale } = useI18n();
  const noteId = useId();
  const currency = product.price.currency;
  return (
    <fieldset className="purchase-options" role="radiogroup" aria-label={t("purchase.option")} aria-describedby={noteId}>
      <legend>{t("purchase.option")}</legend>
      <label className="purchase-options__option">
        <input type="radio" name="subscriptionPlanId" value="" form={formId} defaultChecked />
        <span className="purchase-options__label">{t("purchase.oneTime")}</span>{" "}
        <span className="purchase-options__price">{formatMoney(product.price.amount, currency, locale)}</span>
      </label>
      {product.subscriptionPlans.map((plan) => (
        <label key={plan.id} className="purchase-options__option">
          <input type="radio" name="subscriptionPlanId" value={plan.id} form={formId} />
          <span className="purchase-options__label">{subscriptionLabel(t, plan)}</span>{" "}
          <span className="purchase-options__price">{t("purchase.perDelivery", { price: formatMoney(plan.unitGross, currency, locale) })}</span>
        </label>
      ))}
      <p id={noteId} className="purchase-options__note">
        {t("purchase.note")}
      </p>
    </fieldset>
  );
}
