import type { ComponentType } from "react";
import type { ProductDetail, ProductModel } from "../../../server/catalog/types";
import { productItems } from "../../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../../lib/analytics";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { Rating } from "../../ui/Rating";
import { hydrateLater } from "../../ui/hydrate-later";
import { BuyBox } from "./BuyBox";
import { Configurator } from "./Configurator";
import { Gallery } from "./Gallery";
import type { ModelPlace, RenderModel } from "./gallery/model-place";
import type { ProductDetailsProps } from "./ProductDetails";
import type { ReviewOptions } from "./review-data";
import "./Product.css";

/** Tabs and cross-selling, below the fold: their code loads and hydrates when near the viewport or idle. */
const ProductDetails = hydrateLater<ProductDetailsProps>(() => import("./ProductDetails").then((module) => module.ProductDetails));
/** For the route: its loader (on the server) and client navigations load the details' code with the view's. */
export const preloadProductDetails = ProductDetails.preload;

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
  usePageAnalytics(product, productEvent);
  const { model } = product;
  const renderModel: RenderModel | undefined =
    model && ModelViewer ? (place) => <ModelViewer model={model} title={product.name} posterUrl={product.images[0]?.url ?? null} {...place} /> : undefined;

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
      <ProductDetails product={product} reviewOptions={reviewOptions} loggedIn={loggedIn} />
    </div>
  );
}
