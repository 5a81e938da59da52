import { Link } from "react-router";
import type { ProductBox as ProductBoxData } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";
import { Price } from "./Price";
import { Rating } from "./Rating";
import { ResponsiveImage } from "./ResponsiveImage";

const BOX_SIZES = "(min-width: 1200px) 270px, (min-width: 768px) 30vw, 46vw";

/** A product in a listing: picture, brand, name (the link), rating and price. */
export function ProductBox({ product, priority = false }: { product: ProductBoxData; priority?: boolean }) {
  const { t } = useI18n();
  return (
    <article className="product-box">
      <div className="product-box__image">
        {product.image && <ResponsiveImage image={{ ...product.image, alt: "" }} sizes={BOX_SIZES} priority={priority} />}
        {product.listPrice && <span className="badge badge--sale">{t("price.sale")}</span>}
      </div>
      <div className="product-box__body">
        {product.manufacturer && <p className="product-box__brand">{product.manufacturer}</p>}
        <h3 className="product-box__name">
          <Link to={product.url} className="product-box__link">
            {product.name}
          </Link>
        </h3>
        <Rating value={product.ratingAverage} count={product.reviewCount} />
        <Price price={product.price} listPrice={product.listPrice} from={product.priceFrom} className="product-box__price" />
      </div>
    </article>
  );
}

export function ProductGrid({ products, priorityCount = 0 }: { products: ProductBoxData[]; priorityCount?: number }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.productId}>
          <ProductBox product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
