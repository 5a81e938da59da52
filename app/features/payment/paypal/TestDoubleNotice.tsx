import { useI18n } from "../../../i18n/i18n";
import "./paypal-payment.css";

/** CONTRACT §5: wherever a provider's double is in use, the page says so. */
export function TestDoubleNotice() {
  const { t } = useI18n();
  return <p className="payment-test-double">{t("payment.testDouble")}</p>;
}
