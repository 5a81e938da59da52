import { useEffect, useId, useState, type MouseEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { GUEST_LOGOUT_EVENT } from "../../lib/constants";
import type { RouteName } from "../../lib/route-names";
import { Icon } from "../../ui/Icon";
import { useDisclosure } from "../../ui/use-disclosure";
import { useRoutePath } from "../../ui/use-route-path";
import { fetchAccountSession, logOutGuest, type AccountSessionView } from "./account-session";

const customerLinks: { route: RouteName; label: "account.menu.overview" | "account.menu.profile" | "account.menu.addresses" | "account.menu.orders" | "account.menu.wishlist" }[] = [
  { route: "frontend.account.home.page", label: "account.menu.overview" },
  { route: "frontend.account.profile.page", label: "account.menu.profile" },
  { route: "frontend.account.address.page", label: "account.menu.addresses" },
  { route: "frontend.account.order.page", label: "account.menu.orders" },
  { route: "frontend.wishlist.page", label: "account.menu.wishlist" },
];

/**
 * "Your account". Pages are shared and cacheable (DESIGN §1.2), so the login state is fetched from
 * `frontend.account.session` after hydration and on every page view: customers get their account
 * links and a Log out button (a POST form), guests of a checkout a Log out link that publishes the
 * guest-logout event first (spec §4), everybody else login and sign-up. A disclosure; Escape and a
 * click outside close it.
 */
export function AccountMenu() {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigate = useNavigate();
  const { open, setOpen, root, button } = useDisclosure();
  const [session, setSession] = useState<AccountSessionView | null>(null);
  const id = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key, setOpen]);
  useEffect(() => {
    const controller = new AbortController();
    void fetchAccountSession(controller.signal).then((answer) => {
      if (!controller.signal.aborted && answer) setSession(answer);
    });
    return () => controller.abort();
  }, [location.key]);
  const logoutPath = path("frontend.account.logout.page");
  const onGuestLogout = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    logOutGuest(GUEST_LOGOUT_EVENT, logoutPath, (href) => navigate(href));
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-action"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="user" />
        <span className="header-action__label">{t("header.account")}</span>
      </button>
      <div id={id} className="account-menu__dropdown" hidden={!open}>
        {session?.loggedIn ? (
          <>
            <p className="account-menu__greeting">{t("account.menu.greeting", { name: session.firstName ?? "" })}</p>
            <ul className="account-menu__links">
              {customerLinks.map((link) => (
                <li key={link.route}>
                  <Link className="account-menu__link" to={path(link.route)}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
            <Form method="post" action={logoutPath} className="account-menu__logout">
              <button type="submit" className="button button--secondary button--block">
                {t("account.menu.logout")}
              </button>
            </Form>
          </>
        ) : session?.guest ? (
          <>
            <p className="account-menu__greeting">{t("account.menu.guest")}</p>
            <a className="button button--secondary button--block" href={logoutPath} onClick={onGuestLogout}>
              {t("account.menu.logout")}
            </a>
          </>
        ) : (
          <>
            <p className="account-menu__greeting">{t("account.greeting")}</p>
            <Link className="button button--primary button--block" to={path("frontend.account.login.page")}>
              {t("account.login")}
            </Link>
            <Link className="button button--secondary button--block" to={path("frontend.account.register.page")}>
              {t("account.register")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
