import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { ProductBox as ProductBoxData } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";
import { BuyForm } from "./BuyForm";
import { Price } from "./Price";
import { ProductAction } from "./product-actions";
import { Rating } from "./Rating";
import { ResponsiveImage } from "./ResponsiveImage";
import { BoxPurchase } from "./box-purchase-loader";

const BOX_SIZES = "(min-width: 1200px) 270px, (min-width: 768px) 30vw, 46vw";

/**
 * A product in a listing: picture, brand, name (the link), rating, price and an add-to-cart form. The
 * form posts to the cart page without JavaScript; the cart feature sends it itself when it can. A
 * product with subscription plans adds the purchase option (`BoxPurchase`, loaded lazily) before it.
 */
export function ProductBox({ product, priority = false, delivery }: { product: ProductBoxData; priority?: boolean; delivery?: string }) {
  const { t } = useI18n();
  const nameId = useId();
  return (
    <article className="product-box" data-product-id={product.productId}>
      <div className="product-box__image">
        {product.image && <ResponsiveImage image={{ ...product.image, alt: "" }} sizes={BOX_SIZES} priority={priority} />}
        {product.listPrice && <span className="badge badge--sale">{t("price.sale")}</span>}
        <ProductAction productId={product.productId} describedBy={nameId} variant="box" />
      </div>
      <div className="product-box__body">
        {product.manufacturer && <p className="product-box__brand">{product.manufacturer}</p>}
        <h3 className="product-box__name">
          <Link id={nameId} to={product.url} className="product-box__link">
            {product.name}
          </Link>
        </h3>
        <Rating value={product.ratingAverage} count={product.reviewCount} />
        <Price price={product.price} listPrice={product.listPrice} from={product.priceFrom} className="product-box__price" />
        {product.subscriptionDiscount !== null && (
          <p className="product-box__subscription">
            {t(product.subscriptionDiscount ? "purchase.badge" : "purchase.badgePlain", { percent: product.subscriptionDiscount })}
          </p>
        )}
        {delivery !== undefined && <p className="product-box__delivery">{delivery}</p>}
        {product.subscriptionPlans.length > 0 && <BoxPurchase product={product} nameId={nameId} />}
        <BuyForm product={product} describedBy={nameId} className="product-box__buy" />
      </div>
    </article>
  );
}

interface ProductGridProps {
  products: ProductBoxData[];
  priorityCount?: number;
  /** Delivery and restock text by product number, when the listing asked for it. */
  delivery?: Readonly<Record<string, string>>;
  /** List items before and after the products (loading placeholders). */
  leading?: ReactNode;
  trailing?: ReactNode;
}

export function ProductGrid({ products, priorityCount = 0, delivery, leading, trailing }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {leading}
      {products.map((product, index) => (
        <li key={product.productId}>
          <ProductBox product={product} priority={index < priorityCount} delivery={delivery ? (delivery[product.productNumber] ?? "") : undefined} />
        </li>
      ))}
      {trailing}
    </ul>
  );
}
