import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import type { OnApproveActions, OnApproveData, OnClickActions, OnInitActions } from "@paypal/paypal-js";
import { EXPRESS_BUTTON_HEIGHT, type PayPalBrowserConfig } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import type { ExpressCheckoutSlotProps } from "../../../ui/payment-slots";
import { addFormToCart } from "../requests";
import { createExpressOrder, leaveForCart, prepareCart, prepareCheckout } from "./express-requests";
import { scriptOptions } from "./script-options";

const Modal = lazy(() => import("../../../ui/Modal").then((module) => ({ default: module.Modal })));

type ExpressButtonProps = ExpressCheckoutSlotProps & { config: PayPalBrowserConfig };

/** The buy button of the product page's add-to-cart form. */
const buyButtonOf = (formId: string | undefined) =>
  (formId ? document.getElementById(formId)?.querySelector<HTMLButtonElement>("button[type=submit]") : null) ?? null;

/**
 * "Pay with PayPal" before the checkout (reference §2.1 express-checkout): the cart is prepared (on the
 * product page emptied and filled with this product by the page's own add-to-cart), the PayPal order
 * made from it, and after the approval the server signs the payer in and sends them to the confirm page.
 * Cancelling or failing ends on the cart page with the message.
 */
export default function ExpressButton({ config, place, formId, restricted = false }: ExpressButtonProps) {
  const { t, locale } = useI18n();
  const options = useMemo(() => scriptOptions(config, { language: locale }), [config, locale]);
  const [warning, setWarning] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const restrictedNow = useRef(restricted);
  restrictedNow.current = restricted;
  const stopMirroring = useRef<() => void>(() => {});
  useEffect(() => () => stopMirroring.current(), []);

  /** The product page's PayPal button follows the buy button's disabled state (a sold-out variant). */
  const onInit = (_data: unknown, actions: OnInitActions) => {
    const buy = place === "product" ? buyButtonOf(formId) : null;
    if (!buy) return;
    const mirror = () => void (buy.disabled ? actions.disable() : actions.enable());
    mirror();
    const observer = new MutationObserver(mirror);
    observer.observe(buy, { attributes: true, attributeFilter: ["disabled"] });
    stopMirroring.current = () => observer.disconnect();
  };

  const onClick = (_data: unknown, actions: OnClickActions) => {
    if (restrictedNow.current) {
      setWarning(true);
      return actions.reject();
    }
    return actions.resolve();
  };

  const createOrder = async () => {
    if (place === "product") {
      const form = formId ? document.getElementById(formId) : null;
      if (!(form instanceof HTMLFormElement)) throw new Error("The product's add-to-cart form is missing");
      await prepareCart(true);
      await addFormToCart(form);
    } else {
      await prepareCart(false);
    }
    const token = await createExpressOrder();
    // PayPal's window is a popup, which the modal cart panel does not cover; the test double's stand-in
    // is a dialog in this page instead, which the panel's modal layer would keep from being clicked.
    if (config.testDouble && place === "offcanvas") document.body.style.pointerEvents = "";
    return token;
  };

  const onApprove = async (data: OnApproveData, actions: OnApproveActions) => {
    setRedirecting(true);
    try {
      actions.redirect(new URL(await prepareCheckout(data.orderID), window.location.href).href);
    } catch (error) {
      await leaveForCart("EXPRESS_GENERIC_ERROR", error);
    }
  };

  return (
    <>
      <PayPalScriptProvider options={options}>
        <PayPalButtons
          fundingSource="paypal"
          style={{ layout: "vertical", label: "checkout", color: "gold", shape: "rect", height: EXPRESS_BUTTON_HEIGHT, tagline: false }}
          onInit={onInit}
          onClick={onClick}
          createOrder={createOrder}
          onApprove={onApprove}
          onCancel={() => void leaveForCart("EXPRESS_USER_CANCELLED", "cancelled by the buyer")}
          onError={(error) => void leaveForCart("EXPRESS_GENERIC_ERROR", error)}
        />
      </PayPalScriptProvider>
      {warning && (
        // The dialog's code and styles load when it is needed, not with the button.
        <Suspense fallback={null}>
          <Modal open={warning} onOpenChange={setWarning} title={t("payment.express.restrictedTitle")}>
            <p>{t("payment.express.restricted")}</p>
            <button type="button" className="button button--primary" onClick={() => setWarning(false)}>
              {t("payment.express.ok")}
            </button>
          </Modal>
        </Suspense>
      )}
      {redirecting && (
        <div className="paypal-express-redirect" role="status">
          <span className="loader" aria-hidden="true" />
          <p>{t("payment.express.redirecting")}</p>
        </div>
      )}
    </>
  );
}
