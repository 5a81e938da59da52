import "./Pui.css";
import type { PuiInstructions as Instructions } from "../../../../server/payment/paypal/pui-instructions";
import { formatMoney, useI18n } from "../../../i18n/i18n";

/** Pay upon invoice's payment instructions on the finish page: where, how much, with which reference, by when. */
export function PuiInstructions({ instructions }: { instructions: Instructions }) {
  const { t, locale } = useI18n();
  const dueDate = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${instructions.dueDate}T00:00:00Z`));
  const rows: [string, string][] = [
    [t("payment.pui.amount"), formatMoney(Number(instructions.amountGross), instructions.currency, locale)],
    [t("payment.pui.accountHolder"), instructions.accountHolder],
    [t("payment.pui.bank"), instructions.bankName],
    [t("payment.pui.iban"), instructions.iban],
    [t("payment.pui.bic"), instructions.bic],
    [t("payment.pui.reference"), instructions.reference],
    [t("payment.pui.dueDate"), dueDate],
  ];
  return (
    <section className="checkout-card pui-instructions" aria-labelledby="pui-instructions">
      <h2 id="pui-instructions">{t("payment.pui.instructions")}</h2>
      <p>{t("payment.pui.instructionsLead")}</p>
      <dl className="pui-instructions__list">
        {rows.map(([label, value]) => (
          <div key={label} className="pui-instructions__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="pui-instructions__legal">{t("payment.pui.instructionsLegal")}</p>
    </section>
  );
}

/** Ratepay did not accept the purchase (or PayPal failed): the order stays unpaid. */
export function PuiFailed() {
  const { t } = useI18n();
  return (
    <section className="checkout-card pui-status pui-status--failed" role="alert">
      <p>{t("payment.pui.failed")}</p>
    </section>
  );
}
