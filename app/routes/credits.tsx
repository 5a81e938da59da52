import { servicesContext } from "../../server/request-context";
import { useI18n } from "../i18n/i18n";
import type { Route } from "./+types/credits";
import { SHARED_PAGE } from "../../kernel/page-sharing";

/** The demo assets' ATTRIBUTION.md as a page: the licences (CC-BY, BSD) ask for visible credits. */
export async function loader({ context }: Route.LoaderArgs) {
  return { html: await context.get(servicesContext).creditsHtml() };
}

export const meta: Route.MetaFunction = () => [{ title: "Image and model credits | Vitrine" }];

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function Credits({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container page credits">
      <h1>{t("credits.title")}</h1>
      <p className="page-header__lead">{t("credits.intro")}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </div>
  );
}
