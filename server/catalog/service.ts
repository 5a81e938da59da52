import { createReadCache } from "../cache/read-cache";
import type { Database } from "../db/client";
import { filterPanelData, loadFilterGroups, type FilterPanelData } from "./filters";
import { listProducts, queryListing, topsellers, type ListingQuery } from "./listing";
import type { ListingFilters } from "./listing-query";
import { breadcrumbsFor, buildTree, descendantIds, loadCategories, type CategoryRecord } from "./navigation";
import { bestSellingModelProductId } from "./model";
import { loadCategoryCrossSelling, loadProductDetail, loadVariants, resolveVariantId } from "./product";
import { canonicalPaths, detailUrl, resolveSeoPath } from "./seo";
import type { CategoryNode, ListingPage, ListingSorting } from "./types";
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

/** What a listing request asks for (parsed from its URL, plus the shop settings that shape it). */
export interface ListingRequest {
  order: ListingSorting;
  page: number;
  filters: ListingFilters;
  limit: number;
  instantDeliveryMaxDays: number;
  /** `only-aggregations`: the filter panel's counts without products. */
  withItems?: boolean;
  /** `no-aggregations`: products without counts; `reduce-aggregations` otherwise decides `reduced` or `all`. */
  aggregations?: "reduced" | "all" | "none";
}

export interface ListingResponse {
  listing: ListingPage;
  /** Null with `no-aggregations`. */
  filters: FilterPanelData | null;
}

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
  const filterGroups = cached("filter-groups", () => loadFilterGroups(db));
  const optionGroups = cached("option-groups", async () => {
    const map = new Map<string, string>();
    for (const group of await filterGroups()) for (const option of group.options) map.set(option.id, group.id);
    return map;
  });

  const productPageEntry = cached("product", async (id: string, reviewPage: number) => {
    const variantId = await resolveVariantId(db, id);
    return variantId ? loadProductDetail(db, variantId, { currency, categories: await categories(), reviewPage }) : null;
  });
  /**
   * A product's page; `reviewPage` picks the page of its reviews (`?reviewPage=`). The default is passed
   * on explicitly: the cache key is made of the arguments, so `(id)` and `(id, 1)` share one entry.
   */
  const productPage = (id: string, reviewPage = 1) => productPageEntry(id, reviewPage);

  async function listing(
    scope: Pick<ListingQuery, "categoryIds" | "search" | "exclude" | "inStock">,
    request: ListingRequest,
  ): Promise<ListingResponse> {
    const result = await queryListing(db, {
      ...scope,
      ...request,
      currency,
      optionGroups: await optionGroups(),
    });
    return {
      listing: result.page,
      filters: result.aggregations ? filterPanelData(await filterGroups(), result.aggregations) : null,
    };
  }

  return {
    channel,
    /** Drops what it has read, after a change in the database (server/cache/page-changes.ts). */
    forget: () => cache.clear(),
    categories,
    navigationTree,

    /** The property groups the filter panel can offer, with their options. */
    filterGroups,

    /** A listing of the products of a category and its descendants, filtered and counted. */
    categoryListing: cached("category-listing", async (categoryId: string, request: ListingRequest) => {
      const all = await categories();
      if (!all.some((c) => c.id === categoryId)) return null;
      return listing({ categoryIds: descendantIds(categoryId, all) }, request);
    }),

    /** The category's own data around its listing: name, breadcrumbs, subcategories. */
    category: cached("category", async (categoryId: string) => {
      const all = await categories();
      const category = all.find((c) => c.id === categoryId);
      if (!category) return null;
      const subcategories = findNode(await navigationTree(), categoryId)?.children ?? [];
      return { category, breadcrumbs: breadcrumbsFor(categoryId, all), subcategories };
    }),

    /**
     * The listed products of a scope with the filter panel, read afresh: the PostgreSQL search
     * (server/search/postgres.ts) lists its results with it and caches them itself.
     */
    listing,

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

    productPage,

    /** The home page's 3D showcase: the best-selling product with a model, or null when none has one. */
    featuredModel: cached("featured-model", async () => {
      const productId = await bestSellingModelProductId(db);
      const product = productId ? await productPage(productId) : null;
      if (!product?.model) return null;
      return { name: product.name, url: product.url, image: product.images[0] ?? null, model: product.model };
    }),

    resolvePath: cached("path", (path: string) => resolveSeoPath(db, channel.id, path)),
    sitemapPaths: cached("sitemap", () => canonicalPaths(db, channel.id)),
    detailUrl: cached("detail-url", (variantId: string) => detailUrl(db, variantId)),

    /** A category cross-selling tab's products (null: no such group), loaded when the tab is first shown. */
    categoryCrossSelling: cached("cross-selling", async (crossSellingId: string) =>
      loadCategoryCrossSelling(db, crossSellingId, { currency, categories: await categories() }),
    ),

    /** The variant for a configurator choice, or null when the product is unknown. */
    async switchVariant(productId: string, selectedOptionIds: string[], switchedOptionId: string | undefined) {
      const variants = await cache.get(`variants:${productId}`, () => loadVariants(db, productId));
      return chooseVariant(variants, selectedOptionIds, switchedOptionId) ?? null;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
