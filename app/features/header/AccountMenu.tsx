import { lazy, Suspense, useEffect, useId, useState, type MouseEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { GUEST_LOGOUT_EVENT } from "../../lib/constants";
import type { RouteName } from "../../lib/route-names";
import { isSmallViewport } from "../../lib/viewport";
import { Icon } from "../../ui/Icon";
import { useDisclosure } from "../../ui/use-disclosure";
import { useRoutePath } from "../../ui/use-route-path";
import { useViewport } from "../../ui/use-viewport";
import { logOutGuest, type AccountSessionView } from "./account-session";

const loadPanel = () => import("./AccountMenuPanel");
const AccountMenuPanel = lazy(loadPanel);

const customerLinks: { route: RouteName; label: "account.menu.overview" | "account.menu.profile" | "account.menu.addresses" | "account.menu.orders" | "account.menu.wishlist" }[] = [
  { route: "frontend.account.home.page", label: "account.menu.overview" },
  { route: "frontend.account.profile.page", label: "account.menu.profile" },
  { route: "frontend.account.address.page", label: "account.menu.addresses" },
  { route: "frontend.account.order.page", label: "account.menu.orders" },
  { route: "frontend.wishlist.page", label: "account.menu.wishlist" },
];

/**
 * "Your account" (reference §2.3): a dropdown from MD up, a slide-out panel from the left on XS and SM.
 * Widening the window past SM closes an open panel; narrowing it closes an open dropdown. The login
 * state comes from the page chrome (`useAccountSession`): customers get their account links and a Log
 * out button (a POST form), guests of a checkout a Log out link that publishes the guest-logout event
 * first (spec §4), everybody else login and sign-up.
 */
export function AccountMenu({ session }: { session: AccountSessionView | null }) {
  const { t } = useI18n();
  const { open, setOpen, root, button } = useDisclosure();
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const viewport = useViewport();
  const small = viewport !== null && isSmallViewport(viewport);
  const id = useId();
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
    setPanelOpen(false);
  }, [location.key, setOpen]);
  useEffect(() => {
    if (small) setOpen(false);
    else setPanelOpen(false);
  }, [small, setOpen]);

  const onClick = () => {
    if (!small) return setOpen((value) => !value);
    setPanelLoaded(true);
    setPanelOpen(true);
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-action"
        aria-expanded={small ? panelOpen : open}
        aria-controls={small ? undefined : id}
        aria-haspopup={small ? "dialog" : undefined}
        onClick={onClick}
        onPointerEnter={small ? () => void loadPanel() : undefined}
      >
        <Icon name="user" />
        <span className="header-action__label">{t("header.account")}</span>
      </button>
      <div id={id} className="account-menu__dropdown" hidden={!open}>
        <AccountMenuContent session={session} />
      </div>
      {panelLoaded && (
        <Suspense fallback={null}>
          <AccountMenuPanel open={panelOpen} onOpenChange={setPanelOpen} title={t("header.account")}>
            <AccountMenuContent session={session} inPanel />
          </AccountMenuPanel>
        </Suspense>
      )}
    </div>
  );
}

/** In the panel, links replace the panel's history entry, so Back afterwards returns to the page before. */
function AccountMenuContent({ session, inPanel = false }: { session: AccountSessionView | null; inPanel?: boolean }) {
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
          {customerLinks.map((link) => (
            <li key={link.route}>
              <Link className="account-menu__link" to={path(link.route)} replace={inPanel}>
                {t(link.label)}
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
