import { useNavigation } from "react-router";
import { useI18n } from "../../../i18n/i18n";
import { Icon } from "../../../ui/Icon";

/**
 * After express checkout the PayPal order is approved already: no PayPal button again, a note saying
 * so, and Submit order, which finishes that payment (the confirm page's action) and places the order.
 */
export function ExpressApprovedSubmit() {
  const { t } = useI18n();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "order";
  return (
    <>
      <p className="paypal-express-approved">
        <Icon name="check" size={18} />
        {t("payment.express.approved")}
      </p>
      <button type="submit" className="button button--primary button--large button--block checkout-submit" disabled={submitting}>
        {submitting && <span className="checkout-spinner loader" aria-hidden="true" />}
        {t("checkout.confirm.submit")}
      </button>
    </>
  );
}
