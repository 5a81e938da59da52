import { useId, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { CategoryNode } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { locales } from "../../../kernel/i18n/locales";
import { isSmallViewport } from "../../lib/viewport";
import { Icon } from "../../ui/Icon";
import { useRoutePath } from "../../ui/use-route-path";
import { useViewport } from "../../ui/use-viewport";
import "./Footer.css";
import { TaxInfoNote } from "../../ui/tax-info/TaxInfoLink";

const languageNames = { en: "English", de: "Deutsch" } as const;

/** A footer column: on XS and SM its title is a button that shows and hides the content (spec §2). */
function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  const viewport = useViewport();
  const collapsible = viewport !== null && isSmallViewport(viewport);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <section className="footer-column">
      <h2 className="footer-column__title">
        {collapsible ? (
          <button
            type="button"
            className="footer-column__toggle"
            aria-expanded={expanded}
            aria-controls={id}
            title={expanded ? t("footer.showLess") : t("footer.showMore")}
            onClick={() => setExpanded((value) => !value)}
          >
            {title}
            <Icon name="chevronDown" size={20} className="footer-column__chevron" />
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={id} className="footer-column__content" hidden={collapsible && !expanded}>
        {children}
      </div>
    </section>
  );
}

export interface FooterProps {
  navigation: CategoryNode[];
}

export function Footer({ navigation }: FooterProps) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const location = useLocation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        <FooterColumn title={t("footer.shop")}>
          <ul>
            {navigation.map((c) => (
              <li key={c.id}>
                <Link to={c.url}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn title={t("footer.service")}>
          <ul>
            <li>
              <Link to="/">{t("footer.home")}</Link>
            </li>
            <li>
              <Link to={path("frontend.search.page")}>{t("footer.search")}</Link>
            </li>
            <li>
              <Link to={path("frontend.form.contact.page")}>{t("footer.contact")}</Link>
            </li>
            <li>
              <Link to={path("frontend.credits.page")}>{t("footer.credits")}</Link>
            </li>
            {/* Ajax modals (AjaxModalHost): with JavaScript the page's content opens in a dialog. */}
            {(
              [
                ["frontend.shipping-payment.page", "taxInfo.title"],
                ["frontend.terms.page", "legal.terms"],
                ["frontend.privacy.page", "legal.privacy"],
              ] as const
            ).map(([name, label]) => (
              <li key={name}>
                <a href={path(name)} data-url={path(name)} aria-haspopup="dialog">
                  {t(label)}
                </a>
              </li>
            ))}
            <li>
              {/* Opens the cookie settings panel (CookieConsentHost); a plain link, as themes may add more. */}
              <a href={path("frontend.cookie.offcanvas")}>{t("footer.cookieSettings")}</a>
            </li>
          </ul>
        </FooterColumn>
        <FooterColumn title={t("footer.about")}>
          <p>{t("footer.aboutText")}</p>
          <form method="post" action={path("frontend.language.switch")} className="language-form">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <label htmlFor="footer-language">{t("footer.language")}</label>
            <select id="footer-language" name="language" defaultValue={locale}>
              {locales.map((l) => (
                <option key={l} value={l} lang={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary">
              {t("footer.languageSubmit")}
            </button>
          </form>
        </FooterColumn>
      </div>
      <div className="container site-footer__bottom">
        <p>
          <TaxInfoNote text={t("taxInfo.footerNote")} />
        </p>
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
