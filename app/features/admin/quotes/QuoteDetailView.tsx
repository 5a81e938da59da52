import { Form, Link, useNavigation } from "react-router";
import type { QuoteCommentView, ShopQuoteDetail } from "../../../../server/b2b/quotes/types";
import { formatMoney } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { AdminNotice, AdminPageHeader } from "../AdminShell";
import { QuoteLines } from "./QuoteLines";
import { QuoteReplyForm } from "./QuoteReplyForm";
import { QUOTE_STATUS_LABELS, type QuoteActionResult } from "./quote-admin";
import "./quotes.css";

export interface QuoteDetailViewProps {
  quote: ShopQuoteDetail;
  /** `YYYY-MM-DD` (UTC) on the server: the earliest validity date. */
  today: string;
  /** Back from a sent reply (`?sent=1`). */
  sent: boolean;
  result?: QuoteActionResult;
}

const utcDateTime = (iso: string) => new Date(iso).toLocaleString("en-GB", { timeZone: "UTC" });

/** One quote in the console: who asked, the lines and totals, the comments, and the shop's answer when it takes one. */
export function QuoteDetailView({ quote, today, sent, result }: QuoteDetailViewProps) {
  const path = useRoutePath();
  const quotePath = path("admin.quote.page", { quoteId: quote.id });
  const status = QUOTE_STATUS_LABELS[quote.displayStatus];
  return (
    <>
      <title>{`Quote ${quote.numberLabel} | Operator console`}</title>
      <p>
        <Link to={path("admin.quotes.page")}>Back to the quotes</Link>
      </p>
      <AdminPageHeader title={`Quote ${quote.numberLabel}`} lead={`${quote.company}, requested by ${quote.requesterName}. Status: ${status}.`} />
      {sent && <AdminNotice kind="done">The quote was sent.</AdminNotice>}
      {result && "done" in result && <AdminNotice kind="done">{result.done}</AdminNotice>}
      {result && "refused" in result && <AdminNotice kind="refused">{result.refused}</AdminNotice>}
      <QuoteFacts quote={quote} status={status} />
      {quote.actions.review && <StartReview action={quotePath} />}
      {quote.actions.reply ? (
        <QuoteReplyForm
          action={quotePath}
          lines={quote.lines}
          currency={quote.currency}
          today={today}
          validUntil={quote.validUntil}
          {...(result && "errors" in result && { errors: result.errors, values: result.values })}
        />
      ) : (
        <QuoteLines lines={quote.lines} currency={quote.currency} />
      )}
      <QuoteTotalsCard quote={quote} />
      <QuoteComments comments={quote.comments} />
    </>
  );
}

function QuoteFacts({ quote, status }: { quote: ShopQuoteDetail; status: string }) {
  const path = useRoutePath();
  return (
    <section className="admin__card" aria-labelledby="admin-quote-facts">
      <h2 id="admin-quote-facts">Quote</h2>
      <dl className="admin__facts">
        <dt>Company</dt>
        <dd>{quote.company}</dd>
        <dt>Requested by</dt>
        <dd>{quote.requesterName}</dd>
        <dt>Requested (UTC)</dt>
        <dd>
          <time dateTime={quote.createdAt}>{utcDateTime(quote.createdAt)}</time>
        </dd>
        <dt>Status</dt>
        <dd>
          <strong>{status}</strong>
        </dd>
        <dt>Valid until</dt>
        <dd>{quote.validUntil ? <time dateTime={quote.validUntil}>{quote.validUntil}</time> : "Not answered yet"}</dd>
        {quote.orderId && (
          <>
            <dt>Order</dt>
            <dd>
              <Link to={path("admin.order.page", { orderId: quote.orderId })}>Open the order</Link>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * Marks an open (or changes-requested) quote as in review, so the customer sees that somebody works on it.
 * A button rather than a side effect of opening the page: looking at a quote changes nothing.
 */
function StartReview({ action }: { action: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action={action} className="admin__actions">
      <button type="submit" name="intent" value="review" className="button button--secondary" disabled={busy}>
        Start review
      </button>
    </Form>
  );
}

function QuoteTotalsCard({ quote }: { quote: ShopQuoteDetail }) {
  const money = (amount: number) => formatMoney(amount, quote.currency, "en");
  return (
    <section className="admin__card" aria-labelledby="admin-quote-totals">
      <h2 id="admin-quote-totals">Totals</h2>
      <dl className="admin__facts admin__facts--amounts">
        <dt>Lines at list prices</dt>
        <dd>{money(quote.totals.positionsGross)}</dd>
        <dt>Discount</dt>
        <dd>{money(quote.totals.discountGross)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{money(quote.totals.totalGross)}</strong>
        </dd>
      </dl>
    </section>
  );
}

function QuoteComments({ comments }: { comments: QuoteCommentView[] }) {
  return (
    <section className="admin__section" aria-labelledby="admin-quote-comments">
      <h2 id="admin-quote-comments">Comments</h2>
      {comments.length === 0 ? (
        <p className="admin__empty">No comment yet.</p>
      ) : (
        <ol className="admin-quote-comments">
          {comments.map((comment) => (
            <li key={comment.id} className={`admin-quote-comments__item admin-quote-comments__item--${comment.authorKind}`}>
              <p className="admin-quote-comments__meta">
                <strong>{comment.authorName}</strong> ({comment.authorKind === "shop" ? "the shop" : "customer"}) ·{" "}
                <time dateTime={comment.createdAt}>{utcDateTime(comment.createdAt)} UTC</time>
              </p>
              <p className="admin__review-text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
