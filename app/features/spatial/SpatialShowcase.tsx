import { Link } from "react-router";
import type { Image, ProductModel } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { ResponsiveImage } from "../../ui/ResponsiveImage";
import { SpatialViewer } from "./SpatialViewer";

export interface FeaturedModel {
  name: string;
  url: string;
  image: Image | null;
  model: ProductModel;
}

/** The home page's content-style 3D viewer for one featured model, with fullscreen. Loaded lazily by the route. */
export default function SpatialShowcase({ featured }: { featured: FeaturedModel | null }) {
  const { t } = useI18n();
  if (!featured) return null;
  return (
    <section className="spatial-showcase" aria-labelledby="home-spatial">
      <div className="spatial-showcase__text">
        <h2 id="home-spatial" className="section-title">
          {t("home.spatialTitle")}
        </h2>
        <p>{t("home.spatialText", { name: featured.name })}</p>
        <Link to={featured.url} className="spatial-showcase__link">
          {t("home.spatialProduct", { name: featured.name })}
        </Link>
      </div>
      <SpatialViewer
        className="spatial-showcase__viewer"
        src={featured.model.url}
        variantName={featured.model.variantName}
        posterUrl={featured.image?.url ?? null}
        title={featured.name}
        fullscreen
        placeholder={
          featured.image && (
            <div className="spatial-stage spatial-stage--placeholder">
              <ResponsiveImage image={{ ...featured.image, alt: "" }} sizes="(min-width: 992px) 60vw, 100vw" />
            </div>
          )
        }
      />
    </section>
  );
}
