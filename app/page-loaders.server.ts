import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { productJsonLd } from "../server/catalog/json-ld";
import { readListingRequest } from "../server/catalog/listing-request";
import { buildPath, routeNames } from "../kernel/route-names";
import type { ListingConfig } from "./features/listing/use-listing";
import { categoryMeta } from "./features/listing/meta";
import { productMeta } from "./features/product/meta";
import { requestInfoContext, servicesContext } from "../server/request-context";
import { productTag } from "../kernel/page-sharing";
import { REVIEW_LIMITS } from "../server/reviews/schema";
import type { ReviewOptions } from "./features/product/review-data";
import { REVIEW_PAGE_PARAM } from "./lib/review-page";

const isId = (value: string) => z.uuid().safeParse(value).success;

export const notFound = () => data("Not found", { status: 404 });

/** Tells the page cache which products the page shows: a change to one of them drops the page. */
export function showsProducts(context: Readonly<RouterContextProvider>, productIds: Iterable<string>) {
  const { pageTags } = context.get(requestInfoContext);
  for (const id of productIds) pageTags.add(productTag(id));
}

/** Data of a category page; 400 for a malformed query, 404 for an unknown category or page. */
export async function loadCategoryPage(context: Readonly<RouterContextProvider>, categoryId: string, request: Request) {
  if (!isId(categoryId)) throw notFound();
  const { catalog, settings } = context.get(servicesContext);
  const parsed = await readListingRequest(new URL(request.url).searchParams, settings);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const [page, result, disableEmptyFilter] = await Promise.all([
    catalog.category(categoryId),
    catalog.categoryListing(categoryId, parsed.request),
    settings.get("listing.disableEmptyFilter"),
  ]);
  if (!page || !result) throw notFound();
  if (result.listing.page > result.listing.pageCount) throw notFound();
  showsProducts(context, result.listing.items.map((box) => box.productId));
  const listingConfig: ListingConfig = {
    dataUrl: buildPath(routeNames["frontend.cms.navigation.page"], { navigationId: categoryId }),
    filterUrl: buildPath(routeNames["frontend.cms.navigation.filter"], { navigationId: categoryId }),
    params: {},
    disableEmptyFilter,
    currency: catalog.channel.currency,
  };
  // Head tags are built here, so their code stays on the server (decision 0020).
  return { kind: "category" as const, ...page, ...result, listingConfig, meta: categoryMeta({ category: page.category, listing: result.listing }) };
}

const ReviewPageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/**
 * Data of a product page, by product or variant id; 404 when it is unknown or inactive. `?reviewPage=`
 * picks the page of reviews; the page stays the same for every visitor, so it stays cacheable.
 */
export async function loadProductPage(context: Readonly<RouterContextProvider>, id: string, url: URL) {
  if (!isId(id)) throw notFound();
  const { catalog, config, reviewTranslation } = context.get(servicesContext);
  const reviewPage = ReviewPageParam.parse(url.searchParams.get(REVIEW_PAGE_PARAM) ?? 1);
  const product = await catalog.productPage(id, reviewPage);
  if (!product) throw notFound();
  showsProducts(context, [product.productId, ...product.crossSellings.flatMap((group) => (group.kind === "products" ? group.products.map((box) => box.productId) : []))]);
  const reviewOptions: ReviewOptions = { translatable: reviewTranslation !== null, limits: REVIEW_LIMITS };
  return { kind: "product" as const, product, reviewOptions, meta: productMeta(product, config.appUrl, productJsonLd(product, config.appUrl)) };
}
