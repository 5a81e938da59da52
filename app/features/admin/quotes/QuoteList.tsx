import { Form, Link } from "react-router";
import type { ShopQuoteSummary } from "../../../../server/b2b/quotes/types";
import type { QuoteDisplayStatus } from "../../../../server/b2b/quotes/states";
import { formatMoney } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { AdminPager, AdminTable } from "../AdminTable";
import { QUOTE_STATUS_FILTERS, QUOTE_STATUS_LABELS } from "./quote-admin";
import "./quotes.css";

export interface QuoteListProps {
  quotes: ShopQuoteSummary[];
  /** The filter shown (undefined: all statuses). */
  status: QuoteDisplayStatus | undefined;
  total: number;
  page: number;
  pageCount: number;
}

const utcDate = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { timeZone: "UTC" });

/** The console's quote list: the status filter, every company's quotes (newest first) and the pages. */
export function QuoteList({ quotes, status, total, page, pageCount }: QuoteListProps) {
  const path = useRoutePath();
  const listPath = path("admin.quotes.page");
  const label = status && QUOTE_STATUS_LABELS[status];
  return (
    <>
      <StatusFilter action={listPath} status={status} />
      <AdminTable
        caption={label ? `Quotes: ${label} (${total})` : `Quotes (${total})`}
        rows={quotes}
        rowKey={(quote) => quote.id}
        empty={label ? `No quote is ${label.toLowerCase()}.` : "No quote yet."}
        columns={[
          { header: "Quote", cell: (quote) => <Link to={path("admin.quote.page", { quoteId: quote.id })}>{quote.numberLabel}</Link> },
          { header: "Company", cell: (quote) => quote.company },
          { header: "Requested by", cell: (quote) => quote.requesterName },
          { header: "Date (UTC)", cell: (quote) => <time dateTime={quote.createdAt}>{utcDate(quote.createdAt)}</time> },
          { header: "Total", cell: (quote) => formatMoney(quote.totalGross, quote.currency, "en"), numeric: true },
          // The display status: **Expired** instead of the stored one once the validity date has ended.
          { header: "Status", cell: (quote) => QUOTE_STATUS_LABELS[quote.displayStatus] },
          { header: "Valid until", cell: (quote) => (quote.validUntil ? <time dateTime={quote.validUntil}>{quote.validUntil}</time> : <span className="admin__muted">Not answered</span>) },
        ]}
      />
      <AdminPager page={page} pageCount={pageCount} hrefOf={(p) => path("admin.quotes.page", {}, { status, page: String(p) })} label="Quote list pages" />
    </>
  );
}

function StatusFilter({ action, status }: { action: string; status: QuoteDisplayStatus | undefined }) {
  return (
    <Form method="get" action={action} className="admin__inline-form" role="search" aria-label="Filter quotes">
      <div className="checkout-field">
        <label className="checkout-field__label" htmlFor="admin-quote-status">
          Status
        </label>
        {/* Keyed by the filter so that going back in history shows the list's own choice. */}
        <select key={status ?? ""} id="admin-quote-status" name="status" defaultValue={status ?? ""}>
          <option value="">All</option>
          {QUOTE_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {QUOTE_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary">
        Filter
      </button>
    </Form>
  );
}
