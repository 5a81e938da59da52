import { Link } from "react-router";
import type { QuoteDetail, QuoteRefusal } from "../../../../server/b2b/quotes/types";
import { formatMoney, useI18n } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { QuoteActionsPanel, type QuoteChangesAnswer } from "./QuoteActionsPanel";
import { QuoteComments } from "./QuoteComments";
import { QuoteLines } from "./QuoteLines";
import { QuoteStatus } from "./QuoteStatus";
import { enabledQuoteActions, formatQuoteDate, quoteRefusalKey, type QuoteAbilities, type QuoteNotice } from "./quote-format";
import "./Quotes.css";

export interface QuoteDetailViewProps {
  quote: QuoteDetail;
  /** What the actor's role allows; the buttons also need the quote to take the event. */
  can: QuoteAbilities;
  /** The change the page's query confirms (after a redirect). */
  notice: QuoteNotice | null;
  /** A refused accept, decline or change request (the action's answer). */
  refusal?: QuoteRefusal;
  changes?: QuoteChangesAnswer;
  commentMax: number;
}

const NOTICE_KEYS = {
  requested: "customer.quotes.notice.requested",
  declined: "customer.quotes.notice.declined",
  "changes-requested": "customer.quotes.notice.changesRequested",
} as const;

/** `/account/quotes/{quoteId}`: one quote, its lines, messages and the company's answer to it. */
export function QuoteDetailView({ quote, can, notice, refusal, changes, commentMax }: QuoteDetailViewProps) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const title = t("customer.quotes.detail.title", { number: quote.numberLabel });
  const expired = quote.displayStatus === "expired";
  const note = expired
    ? t("customer.quotes.detail.expired", { date: formatQuoteDate(quote.validUntil!, locale) })
    : quote.status === "open" || quote.status === "in_review" || quote.status === "changes_requested"
      ? t("customer.quotes.detail.waiting")
      : null;
  return (
    <>
      <title>{`${title} | ${t("shop.name")}`}</title>
      <p className="quote__back">
        <Link to={path("frontend.account.quotes.page")}>{t("customer.quotes.detail.back")}</Link>
      </p>
      <h1>{title}</h1>
      {notice && (
        <p className="quotes__notice" role="status">
          {t(NOTICE_KEYS[notice])}
        </p>
      )}
      {/* A refused comment shows at its field instead. */}
      {refusal && !changes && (
        <p className="checkout-alert" role="alert">
          {t(quoteRefusalKey(refusal))}
        </p>
      )}
      <dl className="quote-facts">
        <div>
          <dt>{t("customer.quotes.column.status")}</dt>
          <dd>
            <QuoteStatus displayStatus={quote.displayStatus} />
          </dd>
        </div>
        <div>
          <dt>{t("customer.quotes.column.validUntil")}</dt>
          <dd>{quote.validUntil ? <time dateTime={quote.validUntil}>{formatQuoteDate(quote.validUntil, locale)}</time> : t("customer.quotes.noDate")}</dd>
        </div>
        <div>
          <dt>{t("customer.quotes.column.requestedOn")}</dt>
          <dd>
            <time dateTime={quote.createdAt}>{formatQuoteDate(quote.createdAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("customer.quotes.column.requestedBy")}</dt>
          <dd>{quote.requesterName}</dd>
        </div>
        <div>
          <dt>{t("customer.quotes.column.total")}</dt>
          <dd>{formatMoney(quote.totalGross, quote.currency, locale)}</dd>
        </div>
      </dl>
      <QuoteLines quote={quote} />
      <QuoteComments comments={quote.comments} />
      <QuoteActionsPanel numberLabel={quote.numberLabel} enabled={enabledQuoteActions(quote, can)} note={note} commentMax={commentMax} changes={changes} />
    </>
  );
}
