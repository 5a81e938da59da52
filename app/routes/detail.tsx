import { redirect } from "react-router";
import { useAccountSession } from "../features/header/account-session";
import { ProductView } from "../features/product/ProductView";
import { ProductModel } from "../features/spatial/ProductModel";
import { skipSameUrlRevalidation } from "../lib/revalidation";
import { loadProductPage } from "../page-loaders.server";
import type { Route } from "./+types/detail";
import { SHARED_PAGE } from "../../kernel/page-sharing";

/** `/detail/{productId}` (a product or variant id): the technical path; redirects to the SEO path. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = await loadProductPage(context, params.productId, url);
  if (!page.product.url.startsWith("/detail/")) throw redirect(page.product.url + url.search, 301);
  return page;
}

export const shouldRevalidate = skipSameUrlRevalidation;
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function Detail({ loaderData }: Route.ComponentProps) {
  const session = useAccountSession();
  return <ProductView product={loaderData.product} reviewOptions={loaderData.reviewOptions} loggedIn={session ? session.loggedIn : null} ModelViewer={ProductModel} />;
}
