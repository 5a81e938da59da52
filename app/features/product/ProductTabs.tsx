import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useI18n } from "../../i18n/i18n";
import { prefersReducedMotion } from "../../lib/motion";
import { currentViewport } from "../../lib/viewport";
import { Icon } from "../../ui/Icon";
import { useViewport } from "../../ui/use-viewport";
import { tabIndexForKey } from "./tabs";

/** The right panel's dialog code loads when a shopper on XS first opens a tab. */
const loadOffcanvas = () => import("../../ui/Offcanvas");
const Offcanvas = lazy(() => loadOffcanvas().then((module) => ({ default: module.Offcanvas })));

/** Without JavaScript the tabs cannot switch: every pane shows with its heading, the tabs link to them. */
const NO_SCRIPT_STYLE =
  ".product-tabs__panes{display:block!important}.product-tabs__pane[hidden]{display:block!important}" +
  ".product-tabs__pane-title{display:block!important}";

export interface ProductTab {
  /** The pane's element id: `#reviews` links to the reviews pane. */
  id: string;
  title: string;
  content: ReactNode;
}

/** The previous page was this one (another page of its reviews, say): the referrer has the same path. */
function cameFromThisPage(): boolean {
  if (!document.referrer) return false;
  const from = new URL(document.referrer);
  return from.origin === window.location.origin && from.pathname === window.location.pathname;
}

/** Tabs open as a slide-out panel on the smallest screen class only (reference §1.5, §3.5). */
const opensAsPanel = () => currentViewport() === "XS";

/**
 * The product page's description, details, reviews and videos as tabs (WAI-ARIA tabs pattern). Every
 * pane is rendered on the server, so search engines and shoppers without JavaScript get all of them.
 * On XS a tab opens its pane in a panel from the right instead (spec §2); Back closes it.
 * Links to a pane elsewhere on the page (the rating's `#reviews`) select its tab.
 */
export function ProductTabs({ tabs }: { tabs: ProductTab[] }) {
  const { t } = useI18n();
  const viewport = useViewport();
  const panelMode = viewport === "XS";
  const [selected, setSelected] = useState(tabs[0]!.id);
  const [panelTabId, setPanelTabId] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const tabElements = useRef(new Map<string, HTMLAnchorElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;

  const show = (id: string) => {
    setSelected(id);
    if (!opensAsPanel()) return;
    setPanelTabId(id);
    setPanelOpen(true);
  };
  const showRef = useRef(show);
  showRef.current = show;

  const ids = tabs.map((tab) => tab.id).join(" ");
  useEffect(() => {
    const known = new Set(ids.split(" "));
    // A page opened at `#reviews` shows that tab, without opening a panel the shopper did not ask for;
    // but the reviews' page links reload this same page from inside the panel: on XS it opens again.
    const opened = window.location.hash.slice(1);
    if (known.has(opened)) {
      if (opensAsPanel() && cameFromThisPage()) showRef.current(opened);
      else setSelected(opened);
    }

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href^='#']") : null;
      const id = link?.getAttribute("href")?.slice(1);
      if (!link || !id || !known.has(id) || link.getAttribute("role") === "tab") return;
      event.preventDefault();
      const tab = tabElements.current.get(id);
      if (!tab) return;
      showRef.current(id);
      if (!opensAsPanel()) {
        tab.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
        tab.focus({ preventScroll: true });
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [ids]);

  // Growing past XS while a panel is open leaves the panel: the tabs show the pane now.
  // (While hydrating the viewport is not known yet: that is no widening.)
  useEffect(() => {
    if (viewport !== null && !panelMode) setPanelOpen(false);
  }, [viewport, panelMode]);

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.key === " ") {
      // A tab is a link, which Space would not follow.
      event.preventDefault();
      show(tabs[index]!.id);
      return;
    }
    const next = tabIndexForKey(event.key, index, tabs.length, panelMode ? "vertical" : "horizontal");
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    tabElements.current.get(tab.id)?.focus();
    // Arrows select at once where the pane is beside the tabs; on XS they only move, as opening is a panel.
    if (panelMode) setSelected(tab.id);
    else show(tab.id);
  };

  const panelTab = tabs.find((tab) => tab.id === panelTabId);
  return (
    <div className="product-tabs">
      <div role="tablist" aria-label={t("product.tabs")} aria-orientation={panelMode ? "vertical" : "horizontal"} className="product-tabs__list">
        {tabs.map((tab, index) => (
          <a
            key={tab.id}
            ref={(element) => {
              if (element) tabElements.current.set(tab.id, element);
              else tabElements.current.delete(tab.id);
            }}
            role="tab"
            id={`${tab.id}-tab`}
            href={`#${tab.id}`}
            className="product-tabs__tab"
            aria-controls={tab.id}
            aria-selected={tab.id === current.id}
            aria-haspopup={panelMode ? "dialog" : undefined}
            tabIndex={tab.id === current.id ? 0 : -1}
            onPointerDown={() => {
              if (opensAsPanel()) void loadOffcanvas();
            }}
            onClick={(event) => {
              event.preventDefault();
              show(tab.id);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.title}
            <Icon name="chevronRight" size={20} className="product-tabs__chevron" />
          </a>
        ))}
      </div>
      <div className="product-tabs__panes">
        {tabs.map((tab) => (
          <section
            key={tab.id}
            id={tab.id}
            role="tabpanel"
            aria-labelledby={`${tab.id}-tab`}
            className="product-tabs__pane"
            hidden={tab.id !== current.id}
            tabIndex={0}
          >
            <h2 className="product-tabs__pane-title">{tab.title}</h2>
            {tab.content}
          </section>
        ))}
      </div>
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
      {panelTab && (
        <Suspense fallback={null}>
          <Offcanvas open={panelOpen} onOpenChange={setPanelOpen} side="right" title={panelTab.title} className="product-tabs__panel">
            {/* Focusable like the pane, so a keyboard can scroll a long text (reviews) in the panel. */}
            <div className="product-tabs__panel-content" tabIndex={0}>
              {panelTab.content}
            </div>
          </Offcanvas>
        </Suspense>
      )}
    </div>
  );
}
