import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { servicesContext } from "../../server/request-context";
import { useI18n } from "../i18n/i18n";
import { skipSameUrlRevalidation } from "../lib/revalidation";
import { ProductGrid } from "../ui/ProductBox";
import { ResponsiveImage } from "../ui/ResponsiveImage";
import type { Route } from "./+types/home";
import "../features/page/Home.css";
// The showcase is rendered on the server, so its styles come with the page rather than with its lazy chunk.
import "../features/spatial/Spatial.css";
import { showsProducts } from "../page-loaders.server";
import { SHARED_PAGE } from "../../kernel/page-sharing";

const SpatialShowcase = lazy(() => import("../features/spatial/SpatialShowcase"));

const TOPSELLER_COUNT = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const [categories, topsellers, featuredModel] = await Promise.all([
    catalog.featuredCategories(),
    catalog.topsellers(TOPSELLER_COUNT),
    catalog.featuredModel(),
  ]);
  showsProducts(context, topsellers.map((box) => box.productId));
  // Head tags are built here, so their text stays out of the page's JavaScript (decision 0020).
  const meta: Route.MetaDescriptors = [
    { title: `${catalog.channel.name} | Online shop` },
    { name: "description", content: "Electronics, fashion, home and garden, sports and outdoor gear from the Vitrine demo shop." },
    { tagName: "link", rel: "canonical", href: "/" },
  ];
  return { categories, topsellers, featuredModel, meta };
}

export const shouldRevalidate = skipSameUrlRevalidation;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [first] = loaderData.categories;
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{t("home.heroTitle")}</h1>
          <p className="hero__text">{t("home.heroText")}</p>
          {first && (
            <Link to={first.url} className="button button--primary button--large">
              {t("home.heroCta", { name: first.name })}
            </Link>
          )}
        </div>
      </section>
      <div className="container page">
        <section aria-labelledby="home-categories">
          <h2 id="home-categories" className="section-title">{t("home.categories")}</h2>
          <ul className="category-tiles">
            {loaderData.categories.map((category, index) => (
              <li key={category.id}>
                <Link to={category.url} className="category-tile">
                  {category.image && (
                    <ResponsiveImage image={{ ...category.image, alt: "" }} sizes="(min-width: 992px) 25vw, 50vw" priority={index < 2} />
                  )}
                  <span className="category-tile__name">{category.name}</span>
                  <span className="category-tile__text">{category.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="home-topsellers">
          <h2 id="home-topsellers" className="section-title">{t("home.topsellers")}</h2>
          <ProductGrid products={loaderData.topsellers} />
        </section>
        <Suspense>
          <SpatialShowcase featured={loaderData.featuredModel} />
        </Suspense>
      </div>
    </div>
  );
}
