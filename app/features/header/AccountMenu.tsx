import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { isSmallViewport } from "../../lib/viewport";
import { Icon } from "../../ui/Icon";
import { useDisclosure } from "../../ui/use-disclosure";
import { useViewport } from "../../ui/use-viewport";
import type { AccountSessionView } from "./account-session";

const loadPanel = () => import("./AccountMenuPanel");
const AccountMenuPanel = lazy(loadPanel);
const loadContent = () => import("./AccountMenuContent");
const AccountMenuContent = lazy(loadContent);


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

  const preload = () => void (small ? Promise.all([loadPanel(), loadContent()]) : loadContent());
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
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Icon name="user" />
        <span className="header-action__label">{t("header.account")}</span>
      </button>
      <div id={id} className="account-menu__dropdown" hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <AccountMenuContent session={session} />
          </Suspense>
        )}
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

