import { formatMoney, useI18n } from "../i18n/i18n";
import "./TotalsList.css";

/** The amounts of a cart or an order, in minor units, as the server computed them. */
export interface TotalAmounts {
  positionsGross: number;
  shippingGross: number;
  grossTotal: number;
  netTotal: number;
  /** The VAT the total includes, by rate. */
  taxes: readonly { rateBasisPoints: number; tax: number }[];
}

/** An applied discount by its label, as a positive amount. */
export interface Discount {
  label: string;
  amount: number;
}

interface TotalsListProps {
  amounts: TotalAmounts;
  discounts: readonly Discount[];
  currency: string;
}

/**
 * Subtotal, discounts, shipping, total and the VAT it includes: one list for the cart panel and page, the
 * checkout, the order confirmation and the order detail, so each shows the same amounts the same way.
 */
export function TotalsList({ amounts, discounts, currency }: TotalsListProps) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <dl className="totals">
      <div>
        <dt>{t("totals.subtotal")}</dt>
        <dd>{money(amounts.positionsGross)}</dd>
      </div>
      {discounts.map((discount) => (
        <div key={discount.label} className="totals__discount">
          <dt>{discount.label}</dt>
          <dd>−{money(discount.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{t("totals.shipping")}</dt>
        <dd>{amounts.shippingGross === 0 ? t("price.free") : money(amounts.shippingGross)}</dd>
      </div>
      <div className="totals__total">
        <dt>{t("totals.total")}</dt>
        <dd>{money(amounts.grossTotal)}</dd>
      </div>
      <div className="totals__minor">
        <dt>{t("totals.net")}</dt>
        <dd>{money(amounts.netTotal)}</dd>
      </div>
      {amounts.taxes.map((tax) => (
        <div key={tax.rateBasisPoints} className="totals__minor">
          <dt>{t("totals.tax", { rate: tax.rateBasisPoints / 100 })}</dt>
          <dd>{money(tax.tax)}</dd>
        </div>
      ))}
    </dl>
  );
}
