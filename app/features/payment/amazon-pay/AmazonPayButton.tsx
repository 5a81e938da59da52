import { useEffect, useId, useRef, useState } from "react";
import type { AmazonPayBrowserConfig, AmazonPayPlacement } from "../../../../kernel/amazon-pay";
import { useI18n } from "../../../i18n/i18n";
import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";
import { addFormToCart, refusal } from "../requests";
import { isSecureForAmazonPay, loadAmazonPay, type AmazonPaySignedPayload } from "./amazon-pay-sdk";

export interface AmazonPayButtonProps {
  config: AmazonPayBrowserConfig;
  placement: AmazonPayPlacement;
  /** On the product page: the add-to-cart form whose product goes into the cart before checkout starts. */
  formId?: string;
  /** The chosen quantity may not be ordered (spec §4): the click only says so. */
  restricted?: boolean;
}

type State = "loading" | "ready" | "starting" | "insecure" | "failed" | "restricted";

/** The signed checkout session payload for the visitor's cart (made on the server, never in the page). */
async function checkoutSessionConfig(): Promise<AmazonPaySignedPayload> {
  const response = await http(routeUrl("frontend.amazon-pay.checkout-config"), { method: "POST" });
  if (!response.ok) throw await refusal(response, "amazon-pay checkout-config");
  return (await response.json()) as AmazonPaySignedPayload;
}

/**
 * Amazon Pay's button (spec §3 options, §8 click): a click shows that checkout is starting, puts the
 * product page's product into the cart, fetches the signed payload for the cart and leaves for Amazon.
 * Over an insecure connection the button is not drawn and an alert says why.
 */
export default function AmazonPayButton({ config, placement, formId, restricted = false }: AmazonPayButtonProps) {
  const { t } = useI18n();
  const id = `amazon-pay-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const [state, setState] = useState<State>("loading");
  const restrictedNow = useRef(restricted);
  restrictedNow.current = restricted;

  useEffect(() => {
    if (!isSecureForAmazonPay(window.location)) {
      setState("insecure");
      return;
    }
    let gone = false;
    loadAmazonPay(config.scriptUrl)
      .then((amazonPay) => {
        if (gone) return;
        const button = amazonPay.renderButton(`#${id}`, { ...config.button, placement });
        button.onClick(() => {
          if (restrictedNow.current) {
            setState("restricted");
            return;
          }
          setState("starting");
          void (async () => {
            if (placement === "Product") {
              const form = formId ? document.getElementById(formId) : null;
              if (!(form instanceof HTMLFormElement)) throw new Error("The product's add-to-cart form is missing");
              await addFormToCart(form);
            }
            button.initCheckout({ createCheckoutSessionConfig: await checkoutSessionConfig() });
          })().catch(() => setState("failed"));
        });
        setState("ready");
      })
      .catch(() => !gone && setState("failed"));
    return () => {
      gone = true;
    };
  }, [config, placement, formId, id]);

  return (
    <div className={`amazon-pay amazon-pay--${placement.toLowerCase()}`}>
      <div id={id} className="amazon-pay__button" hidden={state === "insecure"} aria-busy={state === "loading" || state === "starting"} />
      {state === "starting" && (
        <p className="amazon-pay__status" role="status">
          {t("payment.amazonPay.starting")}
        </p>
      )}
      {state === "insecure" && (
        <p className="amazon-pay__error" role="alert">
          {t("payment.amazonPay.insecure")}
        </p>
      )}
      {state === "failed" && (
        <p className="amazon-pay__error" role="alert">
          {t("payment.amazonPay.loadFailed")}
        </p>
      )}
      {state === "restricted" && (
        <p className="amazon-pay__error" role="alert">
          {t("payment.express.restricted")}
        </p>
      )}
    </div>
  );
}
