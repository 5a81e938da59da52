import type { ProductDetail } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { Price } from "../../ui/Price";
import { quantityOptions } from "./quantity";
import { useRoutePath } from "../../ui/use-route-path";
import { TaxInfoNote } from "../../ui/tax-info/TaxInfoLink";
import { ProductAction } from "../../ui/product-actions";

export function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const soldOut = product.stockState === "sold-out";
  const quantities = quantityOptions(product.minPurchase, product.maxPurchase, product.purchaseStep);
  return (
    <div className="buy-box">
      <Price price={product.price} listPrice={product.listPrice} className="buy-box__price" />
      <p className="buy-box__tax">
        <TaxInfoNote text={t("taxInfo.productNote", { rate: product.taxRateBasisPoints / 100 })} />
      </p>
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
      {/* Posts to the cart page without JavaScript; the cart feature sends it and opens the cart panel. */}
      <form method="post" action={path("frontend.checkout.line-item.add")} className="buy-box__form" data-add-to-cart data-product-number={product.productNumber} data-product-name={product.name}>
        <input type="hidden" name="variantId" value={product.variantId} />
        <input type="hidden" name="redirectTo" value="frontend.checkout.cart.page" />
        <label htmlFor="buy-quantity" className="visually-hidden">
          {t("product.quantity")}
        </label>
        <select id="buy-quantity" name="quantity" disabled={soldOut} defaultValue={quantities[0]}>
          {quantities.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary button--large" disabled={soldOut}>
          <Icon name="cart" size={20} />
          {t("product.addToCart")}
        </button>
      </form>
      <ProductAction productId={product.productId} variant="detail" />
      <p className="buy-box__number">{t("product.number", { number: product.productNumber })}</p>
    </div>
  );
}
