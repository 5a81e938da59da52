import { redirect } from "react-router";
import { CategoryView } from "../features/listing/CategoryView";
import { skipListingRevalidation } from "../lib/revalidation";
import { loadCategoryPage } from "../page-loaders.server";
import type { Route } from "./+types/navigation";
import { SHARED_PAGE } from "../../kernel/page-sharing";

/** `/navigation/{id}`: the technical path of a category; redirects to its SEO path. */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const page = await loadCategoryPage(context, params.navigationId, request);
  if (page.category.url !== url.pathname) throw redirect(page.category.url + url.search, 301);
  return page;
}

export const shouldRevalidate = skipListingRevalidation;
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function Navigation({ loaderData }: Route.ComponentProps) {
  return <CategoryView {...loaderData} />;
}
