import type { MetaDescriptor } from "react-router";

export function categoryMeta(page: { category: { name: string; description: string; url: string }; listing: { page: number } }): MetaDescriptor[] {
  const pageSuffix = page.listing.page > 1 ? ` – page ${page.listing.page}` : "";
  return [
    { title: `${page.category.name}${pageSuffix} | Vitrine` },
    { name: "description", content: page.category.description },
    { tagName: "link", rel: "canonical", href: page.listing.page > 1 ? `${page.category.url}?p=${page.listing.page}` : page.category.url },
  ];
}
