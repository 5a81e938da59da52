import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "../../../server/catalog/types";
import { productJsonLd } from "./ProductView";

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
