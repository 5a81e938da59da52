import type { ReactNode } from "react";
import type { ProductBox } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";
import { Icon } from "./Icon";
import { useRoutePath } from "./use-route-path";

/**
 * A product box's add-to-cart form, posting to the cart page; `children` go before the button. Its own
 * module because the box (`ProductBox`) and its lazily loaded purchase option (`BoxPurchase`) both render one.
 */
export function BuyForm({ product, describedBy, className, children }: { product: ProductBox; describedBy: string; className?: string; children?: ReactNode }) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <form method="post" action={path("frontend.checkout.line-item.add")} className={className} data-add-to-cart data-product-number={product.productNumber} data-product-name={product.name}>
      <input type="hidden" name="variantId" value={product.variantId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="redirectTo" value="frontend.checkout.cart.page" />
      {children}
      <button type="submit" className="button button--secondary button--block" aria-describedby={describedBy}>
        <Icon name="cart" size={18} />
        {t("product.addToCart")}
      </button>
    </form>
  );
}
