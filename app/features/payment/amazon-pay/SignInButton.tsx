import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../../i18n/i18n";
import { isSecureForAmazonPay, loadAmazonPay, type AmazonPayRenderOptions, type AmazonPaySignedPayload } from "./amazon-pay-sdk";
import "./SignInButton.css";

/** What the login page's loader gives the button: the script, the shop's button options, the signed `signInConfig`. */
export interface AmazonSignInConfig {
  scriptUrl: string;
  button: Omit<AmazonPayRenderOptions, "productType" | "placement" | "signInConfig" | "createCheckoutSessionConfig" | "estimatedOrderAmount">;
  signInConfig: AmazonPaySignedPayload;
}

const CONTAINER_ID = "amazon-pay-sign-in";

type State = "loading" | "ready" | "failed" | "insecure";

/**
 * **Sign in with Amazon** (CONTRACT §5, reference §3.1): loads `checkout.js` and draws Amazon's SignIn
 * button, which sends the buyer to Amazon and back to frontend.amazon-pay.sign-in. Loaded lazily after
 * hydration by the login page, so the page's first JavaScript does not grow. On an insecure page Amazon's
 * button would not work: an alert says so instead.
 */
export default function SignInButton({ config }: { config: AmazonSignInConfig }) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>(() => (isSecureForAmazonPay(window.location) ? "loading" : "insecure"));
  const { scriptUrl, button, signInConfig } = config;

  useEffect(() => {
    if (state !== "loading") return;
    let cancelled = false;
    loadAmazonPay(scriptUrl)
      .then((api) => {
        if (cancelled || !container.current) return;
        // A second run of the effect (development's strict mode) must not draw a second button.
        container.current.replaceChildren();
        api.renderButton(`#${CONTAINER_ID}`, { ...button, productType: "SignIn", placement: "Other", signInConfig });
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
    };
  }, [state, scriptUrl, button, signInConfig]);

  if (state === "insecure" || state === "failed") {
    return (
      <p className="checkout-alert" role="alert">
        {t(state === "insecure" ? "payment.amazonPay.insecure" : "payment.amazonPay.loadFailed")}
      </p>
    );
  }
  return <div id={CONTAINER_ID} ref={container} className="amazon-sign-in" aria-busy={state === "loading"} />;
}
