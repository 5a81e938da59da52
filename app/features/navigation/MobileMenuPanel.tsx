import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CategoryNode, MenuLevel } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { getJson } from "../../lib/http";
import { Icon } from "../../ui/Icon";
import { isOffcanvasHistoryEntry, Offcanvas } from "../../ui/Offcanvas";
import "./MobileMenu.css";

/** Levels fetched from `frontend.menu.offcanvas`, one request per category for the page's lifetime. */
const levelCache = new Map<string, Promise<MenuLevel>>();

function fetchLevel(navigationId: string): Promise<MenuLevel> {
  let level = levelCache.get(navigationId);
  if (!level) {
    level = getJson<MenuLevel>("frontend.menu.offcanvas", undefined, { navigationId });
    levelCache.set(navigationId, level);
    level.catch(() => levelCache.delete(navigationId));
  }
  return level;
}

function rootLevel(navigation: CategoryNode[]): MenuLevel {
  return {
    current: null,
    parentId: null,
    items: navigation.map((c) => ({ id: c.id, name: c.name, url: c.url, hasChildren: c.children.length > 0 })),
  };
}

interface MobileMenuPanelProps {
  navigation: CategoryNode[];
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The slide-out category menu from the left (spec §2, §7); loaded on the first open. */
export default function MobileMenuPanel({ navigation, open, onOpenChange }: MobileMenuPanelProps) {
  const { t } = useI18n();
  const [level, setLevel] = useState<MenuLevel>(() => rootLevel(navigation));
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const [direction, setDirection] = useState<"forward" | "back">("forward");
  const navigate = useNavigate();

  const show = async (navigationId: string | null, dir: "forward" | "back") => {
    setDirection(dir);
    if (!navigationId) {
      setLevel(rootLevel(navigation));
      return;
    }
    setState("loading");
    try {
      setLevel(await fetchLevel(navigationId));
      setState("idle");
    } catch {
      setState("error");
    }
  };

  /** A link inside the panel replaces the panel's history entry, so Back returns to the page before. */
  const follow = (event: React.MouseEvent, url: string) => {
    if (!isOffcanvasHistoryEntry()) return;
    event.preventDefault();
    navigate(url, { replace: true });
  };

  return (
    <Offcanvas open={open} onOpenChange={onOpenChange} side="left" title={t("menu.title")}>
        <div className={`mobile-menu mobile-menu--${direction}`} key={level.current?.id ?? "root"} aria-busy={state === "loading"}>
          {level.current && (
            <>
              <button type="button" className="mobile-menu__back" onClick={() => show(level.parentId, "back")}>
                <Icon name="chevronLeft" size={20} />
                {t("menu.back")}
              </button>
              <Link className="mobile-menu__all" to={level.current.url} onClick={(e) => follow(e, level.current!.url)}>
                {t("menu.showAll", { name: level.current.name })}
              </Link>
            </>
          )}
          {state === "error" && (
            <p role="alert" className="mobile-menu__error">
              {t("menu.error")}
            </p>
          )}
          <ul className="mobile-menu__list">
            {level.items.map((item) => (
              <li key={item.id} className="mobile-menu__item">
                <Link to={item.url} onClick={(e) => follow(e, item.url)}>
                  {item.name}
                </Link>
                {item.hasChildren && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("menu.open", { name: item.name })}
                    disabled={state === "loading"}
                    onClick={() => show(item.id, "forward")}
                  >
                    <Icon name="chevronRight" size={20} />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {state === "loading" && (
            <p role="status" className="mobile-menu__loading">
              {t("menu.loading")}
            </p>
          )}
        </div>
    </Offcanvas>
  );
}
