import { lazy, Suspense, useId } from "react";
import { Link, useActionData } from "react-router";
import type { ProductDetail } from "../../../server/catalog/types";
import type { Review } from "../../../server/reviews/types";
import { formatRating, useI18n } from "../../i18n/i18n";
import { REVIEW_PAGE_PARAM } from "../../lib/review-page";
import { Rating } from "../../ui/Rating";
import { useRoutePath } from "../../ui/use-route-path";
import type { ReviewFormResult, ReviewOptions } from "./review-data";

// Only a shop with a translation service offers Translate buttons: the code behind them loads there alone.
const ReviewText = lazy(() => import("./ReviewTranslation").then((m) => ({ default: m.ReviewText })));

interface ReviewsProps {
  product: Pick<ProductDetail, "reviews" | "url">;
  options: ReviewOptions;
  loggedIn: boolean | null;
}

/** The reviews tab's content; the tab (or its panel) gives it its heading. */
export function Reviews({ product, options, loggedIn }: ReviewsProps) {
  const { t, locale } = useI18n();
  const { reviews } = product;
  const dateFormat = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" });
  return (
    <div className="reviews-pane">
      {reviews.count === 0 ? (
        <p>{t("product.noReviews")}</p>
      ) : (
        <div className="reviews">
          <div className="reviews__summary">
            <p className="reviews__average">{reviews.average === null ? null : formatRating(reviews.average, locale)}</p>
            <Rating value={reviews.average} />
            <p>{t("product.reviewsAverage", { average: formatRating(reviews.average ?? 0, locale), count: reviews.count })}</p>
            <ul className="reviews__distribution">
              {[5, 4, 3, 2, 1].map((stars) => {
                const count = reviews.distribution[stars - 1] ?? 0;
                return (
                  <li key={stars}>
                    <span>{stars === 1 ? t("product.reviewsStar") : t("product.reviewsStars", { stars })}</span>
                    <span className="reviews__bar" aria-hidden="true">
                      <span style={{ width: `${(count / reviews.count) * 100}%` }} />
                    </span>
                    <span>{count}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="reviews__main">
            <ul className="reviews__list">
              {reviews.items.map((review) => (
                <ReviewItem
                  key={review.id}
                  review={review}
                  date={dateFormat.format(new Date(review.createdAt))}
                  translatable={options.translatable && review.language !== locale && review.language !== "und"}
                />
              ))}
            </ul>
            <ReviewPagination url={product.url} page={reviews.page} pageCount={reviews.pageCount} />
          </div>
        </div>
      )}
      <WriteReview url={product.url} limits={options.limits} loggedIn={loggedIn} />
    </div>
  );
}

function ReviewItem({ review, date, translatable }: { review: Review; date: string; translatable: boolean }) {
  const { t } = useI18n();
  const titleId = useId();
  const original = { title: review.title, content: review.content, comment: review.comment };
  const render = (text: typeof original) => (
    <>
      <h3 className="review__title" id={titleId}>
        {text.title}
      </h3>
      <p className="review__meta">{t("product.reviewBy", { name: review.authorName, date })}</p>
      <p className="review__content">{text.content}</p>
      {text.comment && (
        <div className="review__comment">
          <p className="review__comment-title">{t("reviews.shopComment")}</p>
          <p>{text.comment}</p>
        </div>
      )}
    </>
  );
  return (
    <li className="review" lang={review.language === "und" ? undefined : review.language}>
      <Rating value={review.rating} />
      {translatable ? (
        <Suspense fallback={render(original)}>
          <ReviewText reviewId={review.id} titleId={titleId} original={original} render={render} />
        </Suspense>
      ) : (
        render(original)
      )}
    </li>
  );
}

/**
 * Plain document links: each page of reviews is its own cacheable URL, served by the product loader.
 * `reloadDocument`, so the route needs no revalidation rule for it in its first-load chunk (decision 0020).
 */
function ReviewPagination({ url, page, pageCount }: { url: string; page: number; pageCount: number }) {
  const { t } = useI18n();
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? `${url}#reviews` : `${url}?${REVIEW_PAGE_PARAM}=${n}#reviews`);
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="reviews__pages" aria-label={t("reviews.pages")}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} reloadDocument rel="prev">
              {t("reviews.previousPage")}
            </Link>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            <Link to={href(n)} reloadDocument aria-current={n === page ? "page" : undefined} aria-label={t("reviews.page", { page: n })}>
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} reloadDocument rel="next">
              {t("reviews.nextPage")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The form's code loads only for logged-in shoppers (nobody else sees it). */
const ReviewForm = lazy(() => import("./ReviewForm"));

function WriteReview({ url, limits, loggedIn }: { url: string; limits: ReviewOptions["limits"]; loggedIn: boolean | null }) {
  const { t } = useI18n();
  const path = useRoutePath();
  // Without JavaScript the form posts the page itself, which answers with the result.
  const posted = useActionData<ReviewFormResult>();
  const headingId = useId();
  return (
    <section className="write-review" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("reviews.write")}</h3>
      {posted?.sent ? (
        <p role="status" className="write-review__thanks">
          {t("reviews.thanks")}
        </p>
      ) : loggedIn || posted ? (
        <Suspense fallback={null}>
          <ReviewForm url={url} limits={limits} posted={posted} />
        </Suspense>
      ) : (
        <p>
          <a href={path("frontend.account.login.page", undefined, { redirectTo: `${url}#reviews` })}>{t("reviews.loginToWrite")}</a>
        </p>
      )}
    </section>
  );
}
