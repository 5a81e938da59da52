import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { useRoutePath } from "../../ui/use-route-path";

/** "Your account": log in or sign up for guests. A disclosure; Escape and a click outside close it. */
export function AccountMenu() {
  const { t } = useI18n();
  const path = useRoutePath();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

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
        <p className="account-menu__greeting">{t("account.greeting")}</p>
        <Link className="button button--primary button--block" to={path("frontend.account.login.page")}>
          {t("account.login")}
        </Link>
        <Link className="button button--secondary button--block" to={path("frontend.account.register.page")}>
          {t("account.register")}
        </Link>
      </div>
    </div>
  );
}
