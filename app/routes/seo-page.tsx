import { lazy, type ComponentProps } from "react";
import { redirect } from "react-router";
import { chunkPreloads } from "../../server/http/client-manifest";
import { servicesContext } from "../../server/request-context";
import { skipListingRevalidation } from "../lib/revalidation";
import { loadCategoryPage, loadProductPage, notFound } from "../page-loaders.server";
import { reviewAction } from "../reviews.server";
import { useAccountSession } from "../features/header/account-session";
import { INFINITE_LISTING_CHUNK } from "../features/listing/listing-pages";
import type { Route } from "./+types/seo-page";
// The views' code loads lazily, their styles with the page: otherwise the page shifts once styled.
import "../features/listing/Listing.css";
import "../features/product/Product.css";
import "../features/spatial/Spatial.css";
// …and the styles of the shared parts the product view draws (before this, its sliders stacked their
// products at full width until the view's code arrived, and for good without JavaScript).
import "../ui/ProductSlider.css";
import "../ui/TextExpander.css";
import "../ui/VideoEmbed.css";
import { SHARED_PAGE } from "../../kernel/page-sharing";

// One route serves two kinds of page; each view's code loads only where it is shown.
const loadCategoryView = () => import("../features/listing/CategoryView");
// The product view comes with the 3D viewer's light shell (model-viewer itself loads only on "View in 3D").
const loadProductView = () => Promise.all([import("../features/product/ProductView"), import("../features/spatial/ProductModel")]);
/** The view with the code of its parts below the fold, which a first load hydrates later (ProductView). */
const loadWholeProductView = () => loadProductView().then(([view]) => view.preloadProductDetails());
/** The chunks the two `import()`s above load (vite.config.ts names `spatial-shell`), preloaded by the page's HTML. */
const VIEW_CHUNKS = {
  category: ["CategoryView"],
  product: ["ProductView", "spatial-shell"],
} as const;
const CategoryView = lazy(() => loadCategoryView().then((m) => ({ default: m.CategoryView })));
const ProductView = lazy(() =>
  loadProductView().then(([view, spatial]) => ({
    default: (props: Omit<ComponentProps<typeof view.ProductView>, "ModelViewer">) => <view.ProductView {...props} ModelViewer={spatial.ProductModel} />,
  })),
);

/**
 * Every SEO path: a category (`/fashion/clothing/`) or a product (`/knit-trainer/SHO-KT-BLK-42`). Else 404.
 * `url` is the page's URL; `request.url` of a client navigation is the data request (`/fashion/_.data`).
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { catalog, settings } = context.get(servicesContext);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    throw notFound();
  }
  // No SEO path is that long or holds a NUL (which the database refuses to compare).
  if (pathname.length > 512 || pathname.includes("\0")) throw notFound();
  const target = await catalog.resolvePath(pathname);
  if (!target) throw notFound();
  if (target.canonicalPath !== pathname) throw redirect(target.canonicalPath + url.search, 301);
  const [page] = await Promise.all([
    target.kind === "category" ? loadCategoryPage(context, target.id, request) : loadProductPage(context, target.variantId, url),
    // The server renders the product's details at once: their code must be there before the render.
    target.kind === "product" && loadWholeProductView(),
  ]);
  // Boxes with subscription plans wait for their purchase option's chunk to hydrate (ui/box-purchase-loader).
  const plans = page.kind === "category" && page.listing.items.some((box) => box.subscriptionPlans.length > 0);
  const infinite = page.kind === "category" && (await settings.get("infiniteScrolling.enabled"));
  const chunks = [...VIEW_CHUNKS[page.kind], ...(plans ? ["subscription"] : []), ...(infinite ? [INFINITE_LISTING_CHUNK] : [])];
  const preloads = chunkPreloads(chunks).map((href) => ({ tagName: "link", rel: "modulepreload", href }) as const);
  return { ...page, meta: [...page.meta, ...preloads] };
}

/** A product page takes a posted review (the reviews tab's form); nothing else is posted to these paths. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { catalog } = context.get(servicesContext);
  const target = await catalog.resolvePath(safeDecode(url.pathname) ?? "");
  if (target?.kind !== "product") throw notFound();
  const product = await catalog.productPage(target.variantId, 1);
  if (!product) throw notFound();
  return reviewAction(context, request, product.productId);
}

function safeDecode(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** On client navigations, fetch the view's code together with the data, so nothing flashes. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await (data.kind === "category" ? loadCategoryView() : loadWholeProductView());
  return data;
}

export const shouldRevalidate = skipListingRevalidation;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found | Vitrine" }];
  return loaderData.meta;
};

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function SeoPage({ loaderData }: Route.ComponentProps) {
  const session = useAccountSession();
  if (loaderData.kind === "category") return <CategoryView {...loaderData} />;
  return <ProductView product={loaderData.product} reviewOptions={loaderData.reviewOptions} loggedIn={session ? session.loggedIn : null} />;
}
