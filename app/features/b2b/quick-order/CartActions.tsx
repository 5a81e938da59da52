import { useState } from "react";
import { OPEN_CART_PANEL_EVENT } from "../../../../kernel/constants";
import type { QuickOrderAddResult } from "../../../../kernel/quick-order";
import { useI18n } from "../../../i18n/i18n";
import { http } from "../../../lib/http";
import { useRoutePath } from "../../../ui/use-route-path";
import { cartLineItems, type QuickOrderLine } from "./quick-order-list";

interface CartActionsProps {
  lines: QuickOrderLine[];
  onClear(): void;
}

/** Why lines did not go into the cart: the server's reasons, or one sentence when the call failed. */
type Problem = { kind: "lines"; errors: QuickOrderAddResult["errors"] } | { kind: "failed"; message?: string };

/** Asks the server to put the lines into the cart; the answer, or the reason it refused. */
async function postLines(url: string, lines: QuickOrderLine[]): Promise<QuickOrderAddResult | Problem> {
  try {
    const response = await http(url, { method: "POST", body: { lineItems: cartLineItems(lines) } });
    const body = (await response.json().catch(() => null)) as (Partial<QuickOrderAddResult> & { errors?: { message?: string }[] }) | null;
    if (!response.ok || !body || typeof body.added !== "number") return { kind: "failed", message: body?.errors?.[0]?.message };
    return body as QuickOrderAddResult;
  } catch {
    return { kind: "failed" };
  }
}

/**
 * **Add to shopping cart** and **Clear list** (both disabled while the list is empty). Adding posts
 * `{lineItems}` (spec §7) and then opens the cart panel (the cart widget listens for
 * OPEN_CART_PANEL_EVENT); the list stays, for the shopper to clear or to order again.
 */
export function CartActions({ lines, onClear }: CartActionsProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const empty = lines.length === 0;

  async function addToCart() {
    setBusy(true);
    setProblem(null);
    const answer = await postLines(path("frontend.b2b.quick-order.add-to-cart"), lines);
    setBusy(false);
    if ("kind" in answer) return setProblem(answer);
    if (answer.added > 0) window.dispatchEvent(new Event(OPEN_CART_PANEL_EVENT));
    if (answer.errors.length > 0) setProblem({ kind: "lines", errors: answer.errors });
    else if (!answer.success) setProblem({ kind: "failed" });
  }

  return (
    <div className="quick-order-actions">
      {problem && <CartProblem problem={problem} />}
      <div className="quick-order-actions__buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={empty}
          onClick={() => {
            setProblem(null);
            onClear();
          }}
        >
          {t("customer.quickOrder.clear")}
        </button>
        <button type="button" className="button button--primary" disabled={empty || busy} aria-busy={busy} onClick={() => void addToCart()}>
          {t("customer.quickOrder.addToCart")}
        </button>
      </div>
    </div>
  );
}

function CartProblem({ problem }: { problem: Problem }) {
  const { t } = useI18n();
  if (problem.kind === "failed") {
    return (
      <div className="checkout-alert" role="alert">
        <p>{problem.message ?? t("customer.quickOrder.cartFailed")}</p>
      </div>
    );
  }
  return (
    <div className="checkout-alert" role="alert">
      <p>{t("customer.quickOrder.cartErrors")}</p>
      <ul className="quick-order-actions__errors">
        {problem.errors.map((error) => (
          <li key={`${error.productNumber} ${error.message}`}>
            {error.productNumber}: {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
