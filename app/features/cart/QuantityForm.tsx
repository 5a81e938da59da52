import { useEffect, useId, useRef } from "react";
import type { CartLineView } from "../../../server/cart/types";
import { useI18n } from "../../i18n/i18n";
import { CART_QUANTITY_DELAY_MS } from "../../../kernel/constants";
import { useRoutePath } from "../../ui/use-route-path";
import { wantedQuantity } from "./quantity-input";
import { RedirectField } from "./RedirectField";
import type { CartFormsApi } from "./use-cart-forms";
import "./Cart.css";

/**
 * The quantity of a line: a form that posts without JavaScript (the Update button); with it, one
 * request 800 ms after the last change, or at once on Enter (spec §9).
 */
export function QuantityForm({ line, api, describedBy }: { line: CartLineView; api: CartFormsApi; describedBy: string }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverQuantity = useRef(line.quantity);

  // Every answer brings the server's quantity, which is shown unless the shopper is typing a new one.
  useEffect(() => {
    serverQuantity.current = line.quantity;
    if (timer.current === undefined && input.current) input.current.value = String(line.quantity);
  }, [line]);
  // Closing the panel before the delay is over still saves what was typed.
  const pendingCommit = useRef<(() => void) | null>(null);
  useEffect(() => {
    const pending = pendingCommit;
    return () => pending.current?.();
  }, []);

  const commit = (form: HTMLFormElement, value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pendingCommit.current = null;
    const quantity = wantedQuantity(value);
    if (quantity !== null && quantity !== serverQuantity.current) api.send(form);
  };

  return (
    <form
      method="post"
      action={path("frontend.checkout.line-item.change-quantity", { id: line.id })}
      className="cart-quantity"
      data-cart-form="quantity"
      data-line-id={line.id}
      onSubmit={(event) => {
        event.preventDefault();
        commit(event.currentTarget, input.current?.value ?? "");
      }}
    >
      <RedirectField api={api} />
      <label htmlFor={id} className="cart-quantity__label">
        {t("cart.quantity")}
      </label>
      <input
        ref={input}
        id={id}
        type="number"
        name="quantity"
        inputMode="numeric"
        min={line.minPurchase}
        max={Math.max(line.maxPurchase, line.minPurchase)}
        step={line.purchaseStep}
        defaultValue={line.quantity}
        required
        aria-describedby={describedBy}
        data-focus-id={`quantity-${line.id}`}
        className="cart-quantity__input"
        onChange={(event) => {
          const { form, value } = event.currentTarget;
          clearTimeout(timer.current);
          pendingCommit.current = () => commit(form!, value);
          timer.current = setTimeout(() => commit(form!, value), CART_QUANTITY_DELAY_MS);
        }}
      />
      <noscript>
        <button type="submit" className="button button--secondary">
          {t("cart.update")}
        </button>
      </noscript>
    </form>
  );
}
