import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { CartChangeResult } from "../../../server/cart/types";
import { useI18n } from "../../i18n/i18n";
import { OFFCANVAS_REMOVAL_DELAY_MS } from "../../../kernel/constants";
import { Icon } from "../../ui/Icon";
import { isOffcanvasHistoryEntry, Offcanvas } from "../../ui/Offcanvas";
import { useRoutePath } from "../../ui/use-route-path";
import { itemCountText, LineItemList } from "./CartLineItems";
import { NoticeList } from "./CartNotices";
import { Promotions } from "./CartPromotions";
import { CartTotals, CheckoutLink, ShippingMethod } from "./CartSummary";
import { isPromotionNotice } from "./notices";
import { ExpressCheckoutSlot } from "../../ui/payment-slots";
import { useCartForms } from "./use-cart-forms";

/** The request whose answer the panel shows: GET when opened from the header, the add POST otherwise. */
export interface CartPanelRequest {
  id: number;
  answer: Promise<CartChangeResult>;
}

interface CartPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  request: CartPanelRequest | null;
}

/** The off-canvas cart from the right (spec §2, §4); its code loads on the first open. */
export default function CartPanel({ open, onOpenChange, request }: CartPanelProps) {
  const { t } = useI18n();
  const [shown, setShown] = useState<{ id: number; result: CartChangeResult | null } | null>(null);

  useEffect(() => {
    if (!request) return;
    let current = true;
    request.answer.then(
      (result) => current && setShown({ id: request.id, result }),
      () => current && setShown({ id: request.id, result: null }),
    );
    return () => {
      current = false;
    };
  }, [request]);

  const ready = shown && shown.id === request?.id ? shown : null;
  return (
    <Offcanvas open={open} onOpenChange={onOpenChange} side="right" title={t("cart.title")} className="cart-offcanvas">
      {!ready ? (
        <div className="cart-panel__message">
          <span className="spinner" aria-hidden="true" />
          <p role="status">{t("cart.loading")}</p>
        </div>
      ) : ready.result ? (
        <PanelContent key={ready.id} initial={ready.result} close={() => onOpenChange(false)} />
      ) : (
        <p role="alert" className="cart-panel__message cart-notice cart-notice--error">
          {t("cart.loadError")}
        </p>
      )}
    </Offcanvas>
  );
}

function PanelContent({ initial, close }: { initial: CartChangeResult; close(): void }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigate = useNavigate();
  /** A link inside the panel replaces the panel's history entry, so Back returns to the page before. */
  const onLinkClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, to: string) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !isOffcanvasHistoryEntry()) return;
      event.preventDefault();
      navigate(to, { replace: true });
    },
    [navigate],
  );
  // An add refused by a maximum order quantity ends on the cart page with its message (extensions
  // spec), as it does without JavaScript. Handled here, in the lazy panel, to keep the header lean.
  useEffect(() => {
    if (initial.redirect) navigate(initial.redirect, { replace: isOffcanvasHistoryEntry() });
  }, [initial, navigate]);
  const { result, failed, api, root } = useCartForms({
    initial,
    redirectTo: "frontend.cart.offcanvas",
    removalDelayMs: OFFCANVAS_REMOVAL_DELAY_MS,
    onLinkClick,
  });
  const { cart, notices } = result;
  const cartPage = path("frontend.checkout.cart.page");

  return (
    <div className="cart-panel" ref={root} tabIndex={-1} aria-busy={api.pending !== null}>
      {failed && (
        <p role="alert" className="cart-notice cart-notice--error">
          {t("cart.changeError")}
        </p>
      )}
      {cart.lineItems.length === 0 ? (
        <>
          <NoticeList notices={notices} />
          <div className="cart-empty">
            <Icon name="cart" size={40} />
            <p>{t("cart.empty")}</p>
          </div>
          <button type="button" className="button button--secondary button--block" onClick={close}>
            {t("cart.continueShopping")}
          </button>
        </>
      ) : (
        <>
          <p className="cart-panel__count">{itemCountText(t, cart.itemCount)}</p>
          <NoticeList notices={notices.filter((notice) => !isPromotionNotice(notice))} />
          <LineItemList cart={cart} api={api} />
          <div className="cart-panel__summary">
            <Promotions cart={cart} notices={notices.filter(isPromotionNotice)} api={api} />
            <ShippingMethod cart={cart} api={api} />
            <CartTotals cart={cart} />
          </div>
          <div className="cart-panel__actions">
            <CheckoutLink cart={cart} api={api} />
            {cart.canCheckout && <ExpressCheckoutSlot place="offcanvas" />}
            <Link to={cartPage} className="button button--secondary button--block" onClick={(event) => onLinkClick(event, cartPage)}>
              {t("cart.showCart")}
            </Link>
            <button type="button" className="cart-panel__continue" onClick={close}>
              {t("cart.continueShopping")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
