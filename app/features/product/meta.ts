import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "../../../server/catalog/types";

/** Title, description, canonical URL, Open Graph and the schema.org data the loader built. */
export function productMeta(product: ProductDetail, appUrl: string, jsonLd: object): MetaDescriptor[] {
  return [
    { title: `${product.name} | ${product.productNumber}` },
    { name: "description", content: product.description.slice(0, 160) },
    { tagName: "link", rel: "canonical", href: appUrl + product.url },
    { property: "og:title", content: product.name },
    { property: "og:type", content: "product" },
    ...(product.images[0] ? [{ property: "og:image", content: appUrl + product.images[0].url }] : []),
    { "script:ld+json": jsonLd },
  ];
}
