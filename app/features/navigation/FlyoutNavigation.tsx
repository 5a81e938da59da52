import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Link, useLocation } from "react-router";
import type { CategoryNode } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { FLYOUT_DELAY_MS } from "../../../kernel/constants";
import "./FlyoutNavigation.css";

/**
 * Desktop category bar (spec §4): hovering a top-level category opens its flyout after 125 ms and
 * leaving closes it after 125 ms; on touch the first tap opens instead of following the link; focus
 * moving into an item opens it, Escape closes it.
 */
export function FlyoutNavigation({ navigation }: { navigation: CategoryNode[] }) {
  const { t } = useI18n();
  const [openId, setOpenId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Pointer type and open state when the current tap began: focus opens the flyout before the click. */
  const tapStart = useRef<{ pointerType: string; wasOpen: boolean }>({ pointerType: "mouse", wasOpen: false });
  const location = useLocation();

  const schedule = (next: string | null) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpenId(next), FLYOUT_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    clearTimeout(timer.current);
    setOpenId(null);
  }, [location.pathname]);

  const onTriggerClick = (event: React.MouseEvent, item: CategoryNode) => {
    if (tapStart.current.pointerType === "touch" && item.children.length > 0 && !tapStart.current.wasOpen) {
      event.preventDefault();
      cancel();
      setOpenId(item.id);
    }
  };

  const onKeyDown = (event: KeyboardEvent, item: CategoryNode) => {
    tapStart.current = { pointerType: "keyboard", wasOpen: true };
    if (event.key === "Escape" && openId === item.id) {
      setOpenId(null);
      (event.currentTarget.querySelector("a") as HTMLElement | null)?.focus();
    }
  };

  return (
    <nav className="flyout-nav" aria-label={t("header.mainNavigation")}>
      <ul className="container flyout-nav__list">
        {navigation.map((item) => {
          const hasFlyout = item.children.length > 0;
          const open = openId === item.id;
          return (
            <li
              key={item.id}
              className="flyout-nav__item"
              data-open={open || undefined}
              onMouseEnter={() => hasFlyout && schedule(item.id)}
              onMouseLeave={() => schedule(null)}
              onMouseMove={() => open && cancel()}
              onFocus={() => {
                cancel();
                setOpenId(hasFlyout ? item.id : null);
              }}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) schedule(null);
              }}
              onKeyDown={(event) => onKeyDown(event, item)}
            >
              <Link
                to={item.url}
                className="flyout-nav__link"
                aria-expanded={hasFlyout ? open : undefined}
                onPointerDown={(event: PointerEvent) => {
                  tapStart.current = { pointerType: event.pointerType, wasOpen: openId === item.id };
                }}
                onClick={(event) => onTriggerClick(event, item)}
              >
                {item.name}
              </Link>
              {hasFlyout && (
                <div className="flyout-nav__flyout" hidden={!open}>
                  <div className="container flyout-nav__flyout-inner">
                    <Link to={item.url} className="flyout-nav__all">
                      {t("menu.showAll", { name: item.name })}
                    </Link>
                    <ul className="flyout-nav__children">
                      {item.children.map((child) => (
                        <li key={child.id}>
                          <Link to={child.url}>{child.name}</Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
