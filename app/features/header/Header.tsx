import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { AccountMenu } from "./AccountMenu";
import type { AccountSessionView } from "./account-session";
import "./Header.css";

interface HeaderProps {
  /** The desktop category bar. */
  navigation: ReactNode;
  /** The small-screen menu button with its panel. */
  mobileMenu: ReactNode;
  /** The search form with its suggestions. */
  search: ReactNode;
  /** The wishlist link with its counter. */
  wishlist: ReactNode;
  /** The cart widget with its panel. */
  cart: ReactNode;
  /** The visitor's login state for the account menu; null until known. */
  session: AccountSessionView | null;
}

export function Header({ navigation, mobileMenu, search, wishlist, cart, session }: HeaderProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <div className="site-header__menu">{mobileMenu}</div>
        <Link to="/" className="site-header__logo" aria-label={t("header.logo")}>
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M8 9h4l4 10 4-10h4l-6.5 15h-3L8 9Z" fill="#fff" />
          </svg>
          <span>{t("shop.name")}</span>
        </Link>
        {/* The other ways to search sit by the search field: there is room for them on a phone too. */}
        <div className="site-header__search">
          {search}
          <div className="site-header__search-links">
            <Link to={path("frontend.ai-search.page")} className="site-header__search-link">
              {t("header.aiSearch")}
            </Link>
            <Link to={path("frontend.image-search.page")} className="site-header__search-link">
              {t("header.imageSearch")}
            </Link>
          </div>
        </div>
        <div className="site-header__actions">
          <AccountMenu session={session} />
          {wishlist}
          {cart}
        </div>
      </div>
      {navigation}
    </header>
  );
}
