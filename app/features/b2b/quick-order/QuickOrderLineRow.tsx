import { useId, useState } from "react";
import { useI18n } from "../../../i18n/i18n";
import { clampQuantity, quantityLimits, type QuickOrderLine } from "./quick-order-list";

interface QuickOrderLineRowProps {
  line: QuickOrderLine;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

/**
 * One line of the list: name and number, the **Quantity** spinbutton between **Decrease quantity** and
 * **Increase quantity** (a step each, disabled at the limits), and **Remove** (CONTRACT §6).
 */
export function QuickOrderLineRow({ line, onQuantity, onRemove }: QuickOrderLineRowProps) {
  const { t } = useI18n();
  const id = useId();
  const { product, quantity } = line;
  const limits = quantityLimits(product);
  const hint = !limits.orderable
    ? t("customer.quickOrder.line.unavailable")
    : limits.min > 1 || limits.step > 1
      ? t("customer.quickOrder.line.limits", { min: limits.min, max: limits.max, step: limits.step })
      : null;
  return (
    <li className="quick-order-line">
      <div className="quick-order-line__product">
        <span className="quick-order-line__name">{product.name}</span>
        <span className="quick-order-line__number">{t("customer.quickOrder.line.number", { number: product.productNumber })}</span>
        {hint && (
          <span id={`${id}-hint`} className={limits.orderable ? "quick-order-line__hint" : "quick-order-line__hint quick-order-line__hint--warning"}>
            {hint}
          </span>
        )}
      </div>
      <div className="quick-order-line__quantity">
        <button
          type="button"
          className="quick-order-line__step"
          aria-label={t("customer.quickOrder.line.decrease")}
          disabled={quantity <= limits.min}
          onClick={() => onQuantity(quantity - limits.step)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <QuantityInput line={line} label={t("customer.quickOrder.line.quantity")} hintId={hint ? `${id}-hint` : undefined} onQuantity={onQuantity} />
        <button
          type="button"
          className="quick-order-line__step"
          aria-label={t("customer.quickOrder.line.increase")}
          disabled={quantity >= limits.max}
          onClick={() => onQuantity(quantity + limits.step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <button
        type="button"
        className="button button--secondary quick-order-line__remove"
        aria-label={t("customer.quickOrder.line.removeName", { name: product.name })}
        onClick={onRemove}
      >
        {t("customer.quickOrder.line.remove")}
      </button>
    </li>
  );
}

interface QuantityInputProps {
  line: QuickOrderLine;
  label: string;
  hintId?: string;
  onQuantity(quantity: number): void;
}

/**
 * The typed quantity is a draft until the field is left or Enter is pressed: clamping at every keystroke
 * would turn the "1" of a "12" being typed into the minimum.
 */
function QuantityInput({ line, label, hintId, onQuantity }: QuantityInputProps) {
  const { product, quantity } = line;
  const limits = quantityLimits(product);
  const [draft, setDraft] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  // The buttons, a duplicate or an upload changed the quantity: the field shows it.
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
  }
  const commit = () => {
    const next = clampQuantity(Number(draft), product);
    setDraft(String(next));
    if (next !== quantity) onQuantity(next);
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      className="quick-order-line__input"
      aria-label={label}
      aria-describedby={hintId}
      min={limits.min}
      max={limits.max}
      step={limits.step}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
    />
  );
}
