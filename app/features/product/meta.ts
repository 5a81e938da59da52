import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "../../../server/catalog/types";

export function productMeta(product: ProductDetail, appUrl: string): MetaDescriptor[] {
  return [
    { title: `${product.name} | ${product.productNumber}` },
    { name: "description", content: product.description.slice(0, 160) },
    { tagName: "link", rel: "canonical", href: appUrl + product.url },
    { property: "og:title", content: product.name },
    { property: "og:type", content: "product" },
    ...(product.images[0] ? [{ property: "og:image", content: appUrl + product.images[0].url }] : []),
    { "script:ld+json": productJsonLd(product, appUrl) },
  ];
}

/** schema.org Product data for search engines. */
export function productJsonLd(product: ProductDetail, appUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.productNumber,
    description: product.description,
    image: product.images.map((image) => appUrl + image.url),
    ...(product.manufacturer ? { brand: { "@type": "Brand", name: product.manufacturer } } : {}),
    ...(product.reviews.count > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.reviews.average, reviewCount: product.reviews.count } }
      : {}),
    offers: {
      "@type": "Offer",
      url: appUrl + product.url,
      priceCurrency: product.price.currency,
      price: (product.price.amount / 100).toFixed(2),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}
