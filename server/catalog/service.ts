import type { Database } from "../db/client";
import { listProducts, topsellers } from "./listing";
import { breadcrumbsFor, buildTree, descendantIds, loadCategories, type CategoryRecord } from "./navigation";
import { loadProductDetail, loadVariants, resolveVariantId } from "./product";
import { searchProductIds } from "./search";
import { canonicalPaths, detailUrl, resolveSeoPath } from "./seo";
import type { SortingKey } from "./types";
import { chooseVariant } from "./variant-selection";

export interface SalesChannelContext {
  id: string;
  name: string;
  currency: string;
}

/** Categories change rarely; every page needs them for the menu, so they are kept for a short while. */
const CATEGORY_CACHE_MS = 30_000;

export function createCatalog(db: Database, channel: SalesChannelContext) {
  let cached: { at: number; categories: CategoryRecord[] } | undefined;
  const categories = async () => {
    if (!cached || Date.now() - cached.at > CATEGORY_CACHE_MS) cached = { at: Date.now(), categories: await loadCategories(db) };
    return cached.categories;
  };
  const currency = channel.currency;

  return {
    channel,
    categories,
    navigationTree: async () => buildTree(await categories()),

    async categoryPage(categoryId: string, query: { order: SortingKey; page: number }) {
      const all = await categories();
      const category = all.find((c) => c.id === categoryId);
      if (!category) return null;
      const listing = await listProducts(db, { categoryIds: descendantIds(categoryId, all), ...query, currency });
      const children = buildTree(all.filter((c) => c.parentId === categoryId || c.path.includes(`|${categoryId}|`)));
      return { category, breadcrumbs: breadcrumbsFor(categoryId, all), subcategories: children, listing };
    },

    async searchPage(term: string, query: { order: SortingKey; page: number }) {
      const productIds = await searchProductIds(db, term);
      return listProducts(db, { productIds, ...query, currency });
    },

    topsellers: (limit: number) => topsellers(db, limit, currency),

    /** Top-level categories, each pictured by its best-selling product. */
    async featuredCategories() {
      const all = await categories();
      const roots = all.filter((c) => c.parentId === null);
      return Promise.all(
        roots.map(async (c) => {
          const top = await listProducts(db, { categoryIds: descendantIds(c.id, all), order: "topseller", page: 1, limit: 1, currency });
          return { id: c.id, name: c.name, url: c.url, description: c.description, image: top.items[0]?.image ?? null };
        }),
      );
    },

    async productPage(id: string) {
      const variantId = await resolveVariantId(db, id);
      return variantId ? loadProductDetail(db, variantId, { currency, categories: await categories() }) : null;
    },

    resolvePath: (path: string) => resolveSeoPath(db, channel.id, path),
    sitemapPaths: () => canonicalPaths(db, channel.id),
    detailUrl: (variantId: string) => detailUrl(db, variantId),

    /** The variant for a configurator choice, or null when the product is unknown. */
    async switchVariant(productId: string, selectedOptionIds: string[], switchedOptionId: string | undefined) {
      const variants = await loadVariants(db, productId);
      return chooseVariant(variants, selectedOptionIds, switchedOptionId) ?? null;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
