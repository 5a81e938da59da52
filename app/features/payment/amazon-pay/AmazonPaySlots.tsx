import { createContext, lazy, Suspense, useContext, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { loadsAmazonPay } from "../../../../kernel/amazon-pay-pages";
import type { AmazonPayBrowserConfig } from "../../../../kernel/amazon-pay";
import { PaymentSlotsContext, useWithSlots, type ExpressCheckoutSlotProps, type PaymentSlots } from "../../../ui/payment-slots";
import { useNearViewport } from "../when-near";
import "./amazon-pay.css";

// Nothing of Amazon Pay (this chunk, checkout.js) is fetched before its place is near the viewport.
const AmazonPayButton = lazy(() => import("./AmazonPayButton"));

const ConfigContext = createContext<AmazonPayBrowserConfig | null>(null);

const PLACEMENT = { product: "Product", cart: "Cart" } as const;

/** The button's place on the product and cart pages (not in the cart panel): an empty box until it is near. */
function LazyAmazonPay(props: ExpressCheckoutSlotProps) {
  const config = useContext(ConfigContext);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  if (props.place === "offcanvas") return null;
  return (
    <div ref={box} className={`amazon-pay-slot${config?.testDouble ? " amazon-pay-slot--double" : ""}`} data-amazon-pay-slot>
      {near && config && (
        <Suspense fallback={null}>
          <AmazonPayButton config={config} placement={PLACEMENT[props.place]} formId={props.formId} restricted={props.restricted} />
        </Suspense>
      )}
    </div>
  );
}

const SLOTS: PaymentSlots = { ExpressCheckout: LazyAmazonPay };

/** Without JavaScript Amazon's button never arrives: its kept place would only be blank space. */
const NO_SCRIPT_STYLE = "[data-amazon-pay-slot]{display:none}";

/** Offers Amazon Pay's button to the product and cart pages; nothing when Amazon Pay is off. */
export function AmazonPaySlotsProvider({ config, children }: { config: AmazonPayBrowserConfig | null; children: ReactNode }) {
  const { pathname } = useLocation();
  const offered = config !== null && loadsAmazonPay(pathname);
  const slots = useWithSlots(offered ? SLOTS : null);
  return (
    <ConfigContext value={offered ? config : null}>
      <PaymentSlotsContext value={slots}>{children}</PaymentSlotsContext>
      {offered && (
        <noscript>
          <style>{NO_SCRIPT_STYLE}</style>
        </noscript>
      )}
    </ConfigContext>
  );
}
