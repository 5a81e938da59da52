import type { ProductDetail } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { TextExpander } from "../../ui/TextExpander";
import { VideoEmbed } from "../../ui/VideoEmbed";
import { CrossSelling } from "./CrossSelling";
import { ProductTabs, type ProductTab } from "./ProductTabs";
import type { ReviewOptions } from "./review-data";
import { Reviews } from "./Reviews";

export interface ProductDetailsProps {
  product: ProductDetail;
  reviewOptions: ReviewOptions;
  /** The visitor's login state once known (null before: server rendering, no JavaScript). */
  loggedIn: boolean | null;
}

/**
 * What is below the product's summary: the description, properties, reviews and videos as tabs, then the
 * cross-selling. The product view hydrates it later (`ui/hydrate-later`): its code is not on the page's
 * critical path.
 */
export function ProductDetails({ product, reviewOptions, loggedIn }: ProductDetailsProps) {
  const { t } = useI18n();
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
    <>
      <ProductTabs tabs={tabs} />
      <CrossSelling groups={product.crossSellings} />
    </>
  );
}
