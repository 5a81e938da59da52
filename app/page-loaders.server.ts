import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { productJsonLd } from "../server/catalog/json-ld";
import { parseListingParams } from "../server/catalog/listing-query";
import { servicesContext } from "../server/request-context";

const isId = (value: string) => z.uuid().safeParse(value).success;

export const notFound = () => data("Not found", { status: 404 });

/** Data of a category page; 400 for a malformed query, 404 for an unknown category or page. */
export async function loadCategoryPage(context: Readonly<RouterContextProvider>, categoryId: string, request: Request) {
  if (!isId(categoryId)) throw notFound();
  const query = parseListingParams(new URL(request.url).searchParams);
  if (!query.ok) throw data(query.message, { status: 400 });
  const { catalog } = context.get(servicesContext);
  const page = await catalog.categoryPage(categoryId, { order: query.order, page: query.page });
  if (!page) throw notFound();
  if (page.listing.page > page.listing.pageCount) throw notFound();
  return { kind: "category" as const, ...page };
}

/** Data of a product page, by product or variant id; 404 when it is unknown or inactive. */
export async function loadProductPage(context: Readonly<RouterContextProvider>, id: string) {
  if (!isId(id)) throw notFound();
  const { catalog, config } = context.get(servicesContext);
  const product = await catalog.productPage(id);
  if (!product) throw notFound();
  return { kind: "product" as const, product, appUrl: config.appUrl, jsonLd: productJsonLd(product, config.appUrl) };
}
