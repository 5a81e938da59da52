import type { QuoteDetail } from "../../../../server/b2b/quotes/types";
import { formatMoney, useI18n } from "../../../i18n/i18n";
import { formatDiscount } from "./quote-format";

/** The quote's lines at list and quoted prices, and its totals. */
export function QuoteLines({ quote }: { quote: QuoteDetail }) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, quote.currency, locale);
  return (
    <section className="quote-section" aria-labelledby="quote-lines-title">
      <h2 id="quote-lines-title">{t("customer.quotes.detail.lines")}</h2>
      <div className="quotes-table__wrap">
        <table className="quotes-table quote-lines">
          <thead>
            <tr>
              <th scope="col">{t("customer.quotes.detail.product")}</th>
              <th scope="col" className="quotes-table__amount">
                {t("customer.quotes.detail.quantity")}
              </th>
              <th scope="col" className="quotes-table__amount">
                {t("customer.quotes.detail.listPrice")}
              </th>
              <th scope="col" className="quotes-table__amount">
                {t("customer.quotes.detail.discount")}
              </th>
              <th scope="col" className="quotes-table__amount">
                {t("customer.quotes.detail.quotedPrice")}
              </th>
              <th scope="col" className="quotes-table__amount">
                {t("customer.quotes.detail.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row" className="quote-lines__product">
                  <span className="quote-lines__label">{line.label}</span>
                  <span className="quote-lines__number">{t("customer.quotes.detail.productNumber", { number: line.productNumber })}</span>
                </th>
                <td className="quotes-table__amount" data-label={t("customer.quotes.detail.quantity")}>
                  {line.quantity}
                </td>
                <td className="quotes-table__amount" data-label={t("customer.quotes.detail.listPrice")}>
                  {money(line.listUnitGross)}
                </td>
                <td className="quotes-table__amount" data-label={t("customer.quotes.detail.discount")}>
                  {formatDiscount(line.discountBasisPoints, locale)}
                </td>
                <td className="quotes-table__amount" data-label={t("customer.quotes.detail.quotedPrice")}>
                  {money(line.quotedUnitGross)}
                </td>
                <td className="quotes-table__amount quote-lines__total" data-label={t("customer.quotes.detail.lineTotal")}>
                  {money(line.totalGross)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="quote-totals">
        <div>
          <dt>{t("customer.quotes.detail.positions")}</dt>
          <dd>{money(quote.totals.positionsGross)}</dd>
        </div>
        {quote.totals.discountGross > 0 && (
          <div>
            <dt>{t("customer.quotes.detail.discountTotal")}</dt>
            <dd>−{money(quote.totals.discountGross)}</dd>
          </div>
        )}
        <div className="quote-totals__total">
          <dt>{t("customer.quotes.detail.total")}</dt>
          <dd>{money(quote.totals.totalGross)}</dd>
        </div>
      </dl>
    </section>
  );
}
