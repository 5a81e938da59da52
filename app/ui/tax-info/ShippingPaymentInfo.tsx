import type { ShippingPaymentInfo as Info } from "../../../server/shop-info/service";
import { formatMoney, useI18n } from "../../i18n/i18n";
import "./TaxInfo.css";

/** The shipping costs and payment methods (the tax-info links open this page's content in an ajax modal). */
export function ShippingPaymentInfo({ info }: { info: Info }) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, info.currency, locale);
  return (
    <div className="tax-info">
      <p className="tax-info__lead">{t("taxInfo.lead")}</p>
      <section aria-labelledby="tax-info-shipping">
        <h2 id="tax-info-shipping" className="tax-info__heading">
          {t("taxInfo.shippingTitle")}
        </h2>
        <table className="tax-info__table">
          <thead>
            <tr>
              <th scope="col">{t("taxInfo.method")}</th>
              <th scope="col">{t("taxInfo.deliveryTime")}</th>
              <th scope="col" className="tax-info__price">
                {t("taxInfo.price")}
              </th>
            </tr>
          </thead>
          <tbody>
            {info.shippingMethods.map((method) => (
              <tr key={method.id}>
                <th scope="row">
                  {method.name}
                  {method.description && <span className="tax-info__description">{method.description}</span>}
                </th>
                <td>{method.deliveryTime}</td>
                <td className="tax-info__price">
                  {method.priceGross === 0 ? t("taxInfo.free") : money(method.priceGross)}
                  {method.freeFromGross !== null && method.priceGross > 0 && (
                    <span className="tax-info__description">{t("taxInfo.freeFrom", { amount: money(method.freeFromGross) })}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="tax-info-payment">
        <h2 id="tax-info-payment" className="tax-info__heading">
          {t("taxInfo.paymentTitle")}
        </h2>
        <dl className="tax-info__payments">
          {info.paymentMethods.map((method) => (
            <div key={method.id}>
              <dt>{method.name}</dt>
              <dd>{method.description || t("taxInfo.noSurcharge")}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="tax-info__note">{t("taxInfo.vatNote")}</p>
    </div>
  );
}
