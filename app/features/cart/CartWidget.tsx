import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import type { CartChangeResult } from "../../../server/cart/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { trackAnalytics } from "../../lib/analytics";
import { EMPTY_CART_WIDGET_KEY, OPEN_CART_PANEL_EVENT } from "../../../kernel/constants";
import { localStore } from "../../lib/storage";
import { BadgedIcon } from "../../ui/BadgedIcon";
import { useRoutePath } from "../../ui/use-route-path";
import { publishCart, subscribeCart } from "./cart-events";
import { fetchWidget, loadCart, postCartForm } from "./cart-requests";
import type { CartPanelRequest } from "./CartPanel";
import { applyWidgetAnswer, storedWidget, type WidgetContent } from "./widget-state";
import "./CartWidget.css";

const loadPanel = () => import("./CartPanel");
const CartPanel = lazy(loadPanel);

/** Add-to-cart forms of product boxes and the buy box; they post to the cart page without JavaScript. */
const ADD_TO_CART_FORM = "form[data-add-to-cart]";

/**
 * The header cart (spec §4 "Cart widget"). The server renders the empty widget for everyone, so pages
 * can be cached; the browser shows the content stored by an earlier page at once, then asks
 * `frontend.checkout.info`. It opens the cart panel, and with JavaScript add-to-cart forms open the
 * panel with the server's answer instead of leaving the page.
 */
export function CartWidget() {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const link = useRef<HTMLAnchorElement>(null);
  const [content, setContent] = useState<WidgetContent>(null);
  const [fetching, setFetching] = useState(false);
  const [panel, setPanel] = useState<{ open: boolean; request: CartPanelRequest | null }>({ open: false, request: null });
  const [panelLoaded, setPanelLoaded] = useState(false);
  const requestId = useRef(0);
  const widgetFetch = useRef(0);
  const location = useLocation();

  /** Asks the server for the widget's content; only the latest answer counts. */
  const refresh = useCallback(async () => {
    const id = ++widgetFetch.current;
    setFetching(true);
    const answer = await fetchWidget();
    if (id !== widgetFetch.current) return;
    const step = applyWidgetAnswer(answer, localStore());
    if (step.changed) setContent(step.content);
    setFetching(false);
  }, []);

  useLayoutEffect(() => {
    const store = localStore();
    if (link.current) store.set(EMPTY_CART_WIDGET_KEY, link.current.innerHTML);
    const stored = storedWidget(store);
    if (stored) setContent(stored);
    void refresh();
  }, [refresh]);

  // Every answer of the panel or the cart page means the cart may have changed.
  useEffect(() => subscribeCart(() => void refresh()), [refresh]);

  // Every page view asks again, as a full page load would (an order placed on the way empties the cart).
  const viewedPath = useRef(location.pathname);
  useEffect(() => {
    if (viewedPath.current === location.pathname) return;
    viewedPath.current = location.pathname;
    void refresh();
  }, [location.pathname, refresh]);

  const openWith = useCallback((answer: Promise<CartChangeResult>) => {
    answer.then(publishCart, () => undefined);
    setPanelLoaded(true);
    setPanel({ open: true, request: { id: ++requestId.current, answer } });
  }, []);

  useEffect(() => {
    const pending = new WeakSet<HTMLFormElement>();
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.matches(ADD_TO_CART_FORM)) return;
      event.preventDefault();
      // One request per click: a second submit while the first is on its way adds nothing more.
      if (pending.has(form)) return;
      pending.add(form);
      const fields = new FormData(form);
      const { productNumber: id, productName: name } = form.dataset;
      trackAnalytics({ name: "add_to_cart", items: [{ id, name, quantity: Number(fields.get("quantity")) }] });
      const answer = postCartForm(form.action, fields);
      answer.finally(() => pending.delete(form)).catch(() => undefined);
      openWith(answer);
    };
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [openWith]);

  // The quick-order page has put its lines into the cart: the panel shows the cart as it is now.
  useEffect(() => {
    const open = () => openWith(loadCart());
    window.addEventListener(OPEN_CART_PANEL_EVENT, open);
    return () => window.removeEventListener(OPEN_CART_PANEL_EVENT, open);
  }, [openWith]);

  useEffect(() => setPanel((state) => (state.open ? { ...state, open: false } : state)), [location.key]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openWith(loadCart());
  };

  const count = content?.itemCount ?? 0;
  const total = content ? formatMoney(content.grossTotal, content.currency, locale) : "";
  const label =
    count === 0 ? undefined : count === 1 ? t("cart.widgetLabelOne", { total }) : t("cart.widgetLabel", { count, total });

  return (
    <>
      <Link
        ref={link}
        to={path("frontend.checkout.cart.page")}
        className="header-action cart-widget"
        aria-label={label}
        aria-haspopup="dialog"
        aria-busy={fetching}
        onClick={onClick}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <BadgedIcon name="cart" count={count} />
        {count > 0 ? (
          <span className="cart-widget__total" aria-hidden="true">
            {total}*
          </span>
        ) : (
          <span className="header-action__label">{t("header.cart")}</span>
        )}
      </Link>
      {panelLoaded && (
        <Suspense fallback={null}>
          <CartPanel
            open={panel.open}
            onOpenChange={(open) => setPanel((state) => ({ ...state, open }))}
            request={panel.request}
          />
        </Suspense>
      )}
    </>
  );
}
