import { useEffect, useState } from "react";
import { finishTextParagraphs } from "../../../kernel/finish-text";
import type { FinishTextAnswer } from "../../../server/http/order-finish";
import { useI18n } from "../../i18n/i18n";
import { postJson } from "../../lib/http";
import { useHydrated } from "../../ui/use-hydrated";

type State = { kind: "loading" } | { kind: "shown"; text: string } | { kind: "none" };

/**
 * The shop's thank-you text on the finish page (spec extensions §7): the page's script POSTs `{orderId}`
 * and shows the answer's text in a region named "A message from the shop"; a loader while it waits.
 * An error answer (400 or more) or an empty text only hides the loader. The loader shows only once the
 * page's script runs: without JavaScript the page has no text and no loader waiting for it.
 */
export function FinishText({ orderId }: { orderId: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ kind: "loading" });
  const hydrated = useHydrated();

  useEffect(() => {
    let current = true;
    setState({ kind: "loading" });
    postJson<FinishTextAnswer>("frontend.checkout.finish.text", { orderId }).then(
      (answer) => current && setState(answer.text.trim() ? { kind: "shown", text: answer.text } : { kind: "none" }),
      () => current && setState({ kind: "none" }),
    );
    return () => {
      current = false;
    };
  }, [orderId]);

  if (state.kind === "none" || !hydrated) return null;
  if (state.kind === "loading") {
    return (
      <p className="checkout-finish__text-loader" role="status">
        <span className="checkout-finish__spinner" aria-hidden="true" />
        {t("checkout.finish.text.loading")}
      </p>
    );
  }
  return (
    <section className="checkout-card checkout-finish__text" aria-labelledby="finish-text">
      <h2 id="finish-text">{t("checkout.finish.text.heading")}</h2>
      {finishTextParagraphs(state.text).map((lines, index) => (
        <p key={index}>
          {lines.map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </section>
  );
}
