import type { ReactNode } from "react";
import { Link } from "react-router";
import type { QuotePage, QuoteRefusal, QuoteSummary } from "../../../../server/b2b/quotes/types";
import { formatMoney, useI18n } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { QuoteStatus } from "./QuoteStatus";
import { formatQuoteDate, quoteRefusalKey } from "./quote-format";
import "./Quotes.css";

export interface QuotesViewProps {
  page: QuotePage<QuoteSummary>;
  /** A refused Request quote from the cart (the post lands on this page). */
  refusal?: QuoteRefusal;
}

/** `/account/quotes`: the company's quotes (or the employee's own), newest first, paginated. */
export function QuotesView({ page, refusal }: QuotesViewProps) {
  const { t } = useI18n();
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <>
      <title>{`${t("customer.quotes.title")} | ${t("shop.name")}`}</title>
      <div className="quotes__head">
        <h1>{t("customer.quotes.title")}</h1>
        <p className="quotes__lead">{t("customer.quotes.lead")}</p>
      </div>
      {refusal && (
        <p className="checkout-alert" role="alert">
          {t(quoteRefusalKey(refusal))}
        </p>
      )}
      {page.elements.length === 0 ? (
        <p className="quotes__empty">{t("customer.quotes.empty")}</p>
      ) : (
        <>
          <QuoteTable quotes={page.elements} />
          <QuotePagination page={page.page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}

function QuoteTable({ quotes }: { quotes: QuoteSummary[] }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  return (
    <div className="quotes-table__wrap">
      <table className="quotes-table">
        <caption className="visually-hidden">{t("customer.quotes.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("customer.quotes.column.number")}</th>
            <th scope="col">{t("customer.quotes.column.requestedOn")}</th>
            <th scope="col">{t("customer.quotes.column.requestedBy")}</th>
            <th scope="col" className="quotes-table__amount">
              {t("customer.quotes.column.total")}
            </th>
            <th scope="col">{t("customer.quotes.column.status")}</th>
            <th scope="col">{t("customer.quotes.column.validUntil")}</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote.id}>
              <th scope="row" className="quotes-table__number">
                <Link to={path("frontend.account.quote.page", { quoteId: quote.id })}>{quote.numberLabel}</Link>
              </th>
              <Cell label={t("customer.quotes.column.requestedOn")}>
                <time dateTime={quote.createdAt}>{formatQuoteDate(quote.createdAt, locale)}</time>
              </Cell>
              <Cell label={t("customer.quotes.column.requestedBy")}>{quote.requesterName}</Cell>
              <Cell label={t("customer.quotes.column.total")} className="quotes-table__amount">
                {formatMoney(quote.totalGross, quote.currency, locale)}
              </Cell>
              <Cell label={t("customer.quotes.column.status")}>
                <QuoteStatus displayStatus={quote.displayStatus} />
              </Cell>
              <Cell label={t("customer.quotes.column.validUntil")}>
                {quote.validUntil ? <time dateTime={quote.validUntil}>{formatQuoteDate(quote.validUntil, locale)}</time> : t("customer.quotes.noDate")}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell that names its column on phones, where the rows become cards and the header row is hidden. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={className} data-label={label}>
      {children}
    </td>
  );
}

/** Page links like the order history's; none with a single page. */
function QuotePagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useI18n();
  const path = useRoutePath();
  if (pageCount <= 1) return null;
  const to = (p: number) => path("frontend.account.quotes.page", undefined, { p: p === 1 ? undefined : String(p) });
  return (
    <nav className="quotes-pagination" aria-label={t("customer.quotes.pagination")}>
      {page > 1 && (
        <Link to={to(page - 1)} className="button button--secondary">
          {t("customer.quotes.previous")}
        </Link>
      )}
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((p) => (
        <Link
          key={p}
          to={to(p)}
          className={`quotes-pagination__page ${p === page ? "is-current" : ""}`}
          aria-current={p === page ? "page" : undefined}
          aria-label={t("customer.quotes.page", { page: p })}
        >
          {p}
        </Link>
      ))}
      {page < pageCount && (
        <Link to={to(page + 1)} className="button button--secondary">
          {t("customer.quotes.next")}
        </Link>
      )}
    </nav>
  );
}
