import type { ComponentType } from "react";
import type { ProductDetail, ProductModel } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { productItems } from "../../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../../lib/analytics";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { Rating } from "../../ui/Rating";
import { TextExpander } from "../../ui/TextExpander";
import { VideoEmbed } from "../../ui/VideoEmbed";
import { BuyBox } from "./BuyBox";
import { Configurator } from "./Configurator";
import { CrossSelling } from "./CrossSelling";
import { Gallery } from "./Gallery";
import type { ModelPlace, RenderModel } from "./gallery/model-place";
import { ProductTabs, type ProductTab } from "./ProductTabs";
import type { ReviewOptions } from "./review-data";
import { Reviews } from "./Reviews";
import "./Product.css";

const productEvent = (product: ProductDetail): AnalyticsEvent => ({ name: "view_item", items: productItems([product]) });

/** What shows a product's 3D model in the gallery and the zoom dialog; the route passes the spatial feature's viewer. */
export type ModelViewerSlot = ComponentType<{ model: ProductModel; title: string; posterUrl: string | null } & ModelPlace>;

interface ProductViewProps {
  product: ProductDetail;
  reviewOptions: ReviewOptions;
  /** The visitor's login state once known (null before: server rendering, no JavaScript). */
  loggedIn: boolean | null;
  ModelViewer?: ModelViewerSlot;
}

export function ProductView({ product, reviewOptions, loggedIn, ModelViewer }: ProductViewProps) {
  const { t } = useI18n();
  usePageAnalytics(product, productEvent);
  const { model } = product;
  const renderModel: RenderModel | undefined =
    model && ModelViewer ? (place) => <ModelViewer model={model} title={product.name} posterUrl={product.images[0]?.url ?? null} {...place} /> : undefined;
  const tabs: ProductTab[] = [
    {
      id: "description",
      title: t("product.description"),
      content: (
        <TextExpander className="product__description">
          {/* Paragraphs are separated by a blank line. */}
          {product.description.split(/\n\s*\n/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </TextExpander>
      ),
    },
  ];
  if (product.properties.length > 0) {
    tabs.push({
      id: "properties",
      title: t("product.properties"),
      content: (
        <dl className="properties">
          {product.properties.map((property) => (
            <div key={property.group}>
              <dt>{property.group}</dt>
              <dd>{property.values.join(", ")}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  }
  tabs.push({ id: "reviews", title: t("product.reviews"), content: <Reviews product={product} options={reviewOptions} loggedIn={loggedIn} /> });
  if (product.videos.length > 0) {
    tabs.push({
      id: "videos",
      title: t("product.videos"),
      content: (
        <div className="product__videos">
          {product.videos.map((video) => (
            <VideoEmbed key={video.id} video={video} />
          ))}
        </div>
      ),
    });
  }

  return (
    <div className="container page product">
      <Breadcrumbs items={product.breadcrumbs} current={product.name} />
      <div className="product__top">
        <div className="product__media">
          {/* One gallery per product: a variant's pictures replace the slides, an open 3D view stays. */}
          <Gallery key={product.productId} images={product.images} name={product.name} renderModel={renderModel} />
        </div>
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
      <ProductTabs tabs={tabs} />
      <CrossSelling groups={product.crossSellings} />
    </div>
  );
}
