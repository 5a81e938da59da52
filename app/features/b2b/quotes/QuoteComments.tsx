import type { QuoteCommentView } from "../../../../server/b2b/quotes/types";
import { useI18n } from "../../../i18n/i18n";
import { formatQuoteDate } from "./quote-format";

/** The messages between the company and the shop, oldest first. */
export function QuoteComments({ comments }: { comments: QuoteCommentView[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="quote-section" aria-labelledby="quote-comments-title">
      <h2 id="quote-comments-title">{t("customer.quotes.detail.comments")}</h2>
      {comments.length === 0 ? (
        <p className="quotes__muted">{t("customer.quotes.detail.noComments")}</p>
      ) : (
        <ol className="quote-comments">
          {comments.map((comment) => (
            <li key={comment.id} className={`quote-comment quote-comment--${comment.authorKind}`}>
              <p className="quote-comment__meta">
                <span className="quote-comment__author">
                  {comment.authorKind === "shop" ? t("customer.quotes.detail.shop", { name: comment.authorName }) : comment.authorName}
                </span>{" "}
                <time dateTime={comment.createdAt}>{formatQuoteDate(comment.createdAt, locale)}</time>
              </p>
              <p className="quote-comment__text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
