import { legalSections } from "../../server/content/legal";
import { requestInfoContext } from "../../server/request-context";
import { routePattern } from "../../kernel/route-names";
import { SHARED_PAGE } from "../../kernel/page-sharing";
import { useI18n } from "../i18n/i18n";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/legal-page";

/** Terms and conditions, or privacy (two routes, one module): the text in the visitor's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname === routePattern("frontend.privacy.page") ? "privacy" : "terms";
  return { kind, sections: legalSections(kind, context.get(requestInfoContext).locale) } as const;
}

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

/**
 * A legal page. Its links to the other legal pages carry `data-url`, so inside an ajax modal they load in
 * the modal with Back; without JavaScript they are ordinary links.
 */
export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const title = t(loaderData.kind === "privacy" ? "legal.privacy" : "legal.terms");
  const others = [
    { href: path("frontend.shipping-payment.page"), label: t("taxInfo.title") },
    loaderData.kind === "privacy" ? { href: path("frontend.terms.page"), label: t("legal.terms") } : { href: path("frontend.privacy.page"), label: t("legal.privacy") },
  ];
  return (
    <div className="container page prose">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <h1>{title}</h1>
      {loaderData.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p>
        {t("legal.seeAlso")}{" "}
        {others.map((link, index) => (
          <span key={link.href}>
            {index > 0 && ", "}
            <a href={link.href} data-url={link.href}>
              {link.label}
            </a>
          </span>
        ))}
      </p>
    </div>
  );
}
