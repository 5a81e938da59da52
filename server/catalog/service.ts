import type { Database } from "../db/client";
import { listProducts, topsellers } from "./listing";
import { breadcrumbsFor, buildTree, descendantIds, loadCategories, type CategoryRecord } from "./navigation";
import { loadProductDetail, loadVariants, resolveVariantId } from "./product";
import { createReadCache } from "./read-cache";
import { searchProductIds } from "./search";
import { canonicalPaths, detailUrl, resolveSeoPath } from "./seo";
import type { CategoryNode, SortingKey } from "./types";
import { chooseVariant } from "./variant-selection";

export interface SalesChannelContext {
  id: string;
  name: string;
  currency: string;
}

/**
 * How long catalog reads are reused. Anonymous pages show the same catalog to everyone (DESIGN §1.2);
 * a price or stock change shows within this time, and checkout always re-reads the database.
 */
export const CATALOG_CACHE_TTL_MS = 30_000;
export const CATALOG_CACHE_MAX_ENTRIES = 2_000;

function findNode(nodes: CategoryNode[], id: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export function createCatalog(db: Database, channel: SalesChannelContext, cacheTtlMs = CATALOG_CACHE_TTL_MS) {
  const cache = createReadCache(cacheTtlMs, CATALOG_CACHE_MAX_ENTRIES);
  const cached = <A extends unknown[], T>(name: string, load: (...args: A) => Promise<T>) =>
    (...args: A) => cache.get(`${name}:${JSON.stringify(args)}`, () => load(...args));
  const currency = channel.currency;

  const categories = cached("categories", (): Promise<CategoryRecord[]> => loadCategories(db));
  const navigationTree = cached("tree", async () => buildTree(await categories()));

  return {
    channel,
    categories,
    navigationTree,

    categoryPage: cached("category", async (categoryId: string, query: { order: SortingKey; page: number }) => {
      const all = await categories();
      const category = all.find((c) => c.id === categoryId);
      if (!category) return null;
      const listing = await listProducts(db, { categoryIds: descendantIds(categoryId, all), ...query, currency });
      const subcategories = findNode(await navigationTree(), categoryId)?.children ?? [];
      return { category, breadcrumbs: breadcrumbsFor(categoryId, all), subcategories, listing };
    }),

    searchPage: cached("search", async (term: string, query: { order: SortingKey; page: number }) =>
      listProducts(db, { productIds: await searchProductIds(db, term), ...query, currency }),
    ),

    topsellers: cached("topsellers", (limit: number) => topsellers(db, limit, currency)),

    /** Top-level categories, each pictured by its best-selling product. */
    featuredCategories: cached("featured", async () => {
      const all = await categories();
      return Promise.all(
        all
          .filter((c) => c.parentId === null)
          .map(async (c) => {
            const top = await listProducts(db, { categoryIds: descendantIds(c.id, all), order: "topseller", page: 1, limit: 1, currency });
            return { id: c.id, name: c.name, url: c.url, description: c.description, image: top.items[0]?.image ?? null };
          }),
      );
    }),

    productPage: cached("product", async (id: string) => {
      const variantId = await resolveVariantId(db, id);
      return variantId ? loadProductDetail(db, variantId, { currency, categories: await categories() }) : null;
    }),

    resolvePath: cached("path", (path: string) => resolveSeoPath(db, channel.id, path)),
    sitemapPaths: cached("sitemap", () => canonicalPaths(db, channel.id)),
    detailUrl: cached("detail-url", (variantId: string) => detailUrl(db, variantId)),

    /** The variant for a configurator choice, or null when the product is unknown. */
    async switchVariant(productId: string, selectedOptionIds: string[], switchedOptionId: string | undefined) {
      const variants = await cache.get(`variants:${productId}`, () => loadVariants(db, productId));
      return chooseVariant(variants, selectedOptionIds, switchedOptionId) ?? null;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
