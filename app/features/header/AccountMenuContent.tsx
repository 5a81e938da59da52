import type { MouseEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { GUEST_LOGOUT_EVENT } from "../../../kernel/constants";
import { b2bPageLabel } from "../../../kernel/b2b-pages";
import type { RouteName } from "../../../kernel/route-names";
import { useRoutePath } from "../../ui/use-route-path";
import { logOutGuest, type AccountSessionView } from "./account-session";

const customerLinks: { route: RouteName; label: "account.menu.overview" | "account.menu.profile" | "account.menu.addresses" | "account.menu.orders" | "account.menu.wishlist" }[] = [
  { route: "frontend.account.home.page", label: "account.menu.overview" },
  { route: "frontend.account.profile.page", label: "account.menu.profile" },
  { route: "frontend.account.address.page", label: "account.menu.addresses" },
  { route: "frontend.account.order.page", label: "account.menu.orders" },
  { route: "frontend.wishlist.page", label: "account.menu.wishlist" },
];

/**
 * The account menu's content (its own chunk, loaded when the menu is first pointed at or opened).
 * In the panel, links replace the panel's history entry, so Back afterwards returns to the page before.
 */
export default function AccountMenuContent({ session, inPanel = false }: { session: AccountSessionView | null; inPanel?: boolean }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigate = useNavigate();
  const logoutPath = path("frontend.account.logout.page");
  const onGuestLogout = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    logOutGuest(GUEST_LOGOUT_EVENT, logoutPath, (href) => navigate(href, { replace: inPanel }));
  };

  if (session?.loggedIn) {
    return (
      <>
        <p className="account-menu__greeting">{t("account.menu.greeting", { name: session.firstName ?? "" })}</p>
        <ul className="account-menu__links">
          {customerLinks
            .filter((link) => !(session.employee && link.route === "frontend.account.profile.page"))
            .map((link) => (
              <li key={link.route}>
                <Link className="account-menu__link" to={path(link.route)} replace={inPanel}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          {session.b2bPages.map((route) => (
            <li key={route}>
              <Link className="account-menu__link" to={path(route)} replace={inPanel}>
                {t(b2bPageLabel(route))}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="post" action={logoutPath} className="account-menu__logout" replace={inPanel}>
          <button type="submit" className="button button--secondary button--block">
            {t("account.menu.logout")}
          </button>
        </Form>
      </>
    );
  }
  if (session?.guest) {
    return (
      <>
        <p className="account-menu__greeting">{t("account.menu.guest")}</p>
        <a className="button button--secondary button--block" href={logoutPath} onClick={onGuestLogout}>
          {t("account.menu.logout")}
        </a>
      </>
    );
  }
  return (
    <>
      <p className="account-menu__greeting">{t("account.greeting")}</p>
      <Link className="button button--primary button--block" to={path("frontend.account.login.page")} replace={inPanel}>
        {t("account.login")}
      </Link>
      <Link className="button button--secondary button--block" to={path("frontend.account.register.page")} replace={inPanel}>
        {t("account.register")}
      </Link>
    </>
  );
}
