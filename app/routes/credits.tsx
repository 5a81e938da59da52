import { readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import { demoAssetsDir } from "../../seed/paths";
import { useI18n } from "../i18n/i18n";
import type { Route } from "./+types/credits";

/** The demo assets' ATTRIBUTION.md as a page: the licences (CC-BY, BSD) ask for visible credits. */
export async function loader() {
  const markdown = await readFile(path.join(demoAssetsDir, "ATTRIBUTION.md"), "utf8");
  // Our own file, not user input: rendering it as HTML is safe.
  return { html: await marked.parse(markdown.replace(/^# .*\n/, "")) };
}

export const meta: Route.MetaFunction = () => [{ title: "Image and model credits | Vitrine" }];

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
