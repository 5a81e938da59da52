import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";

const STEPS = ["address", "confirm", "finish"] as const;
export type CheckoutStep = (typeof STEPS)[number];

/** Where the shopper is in checkout: address, review and order, done. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const { t } = useI18n();
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav className="checkout-steps" aria-label={t("checkout.steps")}>
      <ol>
        {STEPS.map((step, index) => (
          <li
            key={step}
            className={`checkout-steps__step ${index < currentIndex ? "is-done" : ""} ${index === currentIndex ? "is-current" : ""}`}
            aria-current={index === currentIndex ? "step" : undefined}
          >
            <span className="checkout-steps__marker" aria-hidden="true">
              {index < currentIndex ? <Icon name="check" size={16} /> : index + 1}
            </span>
            <span className="checkout-steps__label">{t(`checkout.step.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
