import type { ProductDetail } from "./types";

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
