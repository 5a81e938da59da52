import type { ProductDetail } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { productItems } from "../../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../../lib/analytics";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { ProductGrid } from "../../ui/ProductBox";
import { Rating } from "../../ui/Rating";
import { BuyBox } from "./BuyBox";
import { Configurator } from "./Configurator";
import { Gallery } from "./Gallery";
import { Reviews } from "./Reviews";
import "./Product.css";

const productEvent = (product: ProductDetail): AnalyticsEvent => ({ name: "view_item", items: productItems([product]) });

export function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useI18n();
  usePageAnalytics(product, productEvent);
  return (
    <div className="container page product">
      <Breadcrumbs items={product.breadcrumbs} current={product.name} />
      <div className="product__top">
        <Gallery key={product.variantId} images={product.images} name={product.name} />
        <div className="product__summary">
          {product.manufacturer && <p className="product__brand">{product.manufacturer}</p>}
          <h1 className="product__name">{product.name}</h1>
          <a href="#reviews" className="product__rating-link">
            <Rating value={product.reviews.average} count={product.reviews.count} />
          </a>
          <Configurator key={product.variantId} productId={product.productId} groups={product.configurator} />
          <BuyBox product={product} />
        </div>
      </div>
      <section className="product-section" aria-labelledby="description-title">
        <h2 id="description-title">{t("product.description")}</h2>
        <p className="product__description">{product.description}</p>
      </section>
      {product.properties.length > 0 && (
        <section className="product-section" aria-labelledby="properties-title">
          <h2 id="properties-title">{t("product.properties")}</h2>
          <dl className="properties">
            {product.properties.map((property) => (
              <div key={property.group}>
                <dt>{property.group}</dt>
                <dd>{property.values.join(", ")}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <Reviews reviews={product.reviews} />
      {product.crossSellings.map((group) => (
        <section key={group.id} className="product-section" aria-labelledby={`cs-${group.id}`}>
          <h2 id={`cs-${group.id}`}>{group.name}</h2>
          <ProductGrid products={group.products.slice(0, 4)} />
        </section>
      ))}
    </div>
  );
}
