import { useId } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import type { ProductDetail, Review } from "../../../server/catalog/types";
import type { ReviewFieldErrors } from "../../../server/reviews/schema";
import { formatRating, useI18n } from "../../i18n/i18n";
import { REVIEW_PAGE_PARAM } from "../../lib/constants";
import { Field, controlProps } from "../../ui/form/Field";
import { Rating } from "../../ui/Rating";
import { useRoutePath } from "../../ui/use-route-path";
import { ReviewText } from "./ReviewTranslation";

/** What the page needs to know about reviews besides the product: the same for every visitor. */
export interface ReviewOptions {
  /** A translation service is configured: reviews in another language get a Translate button. */
  translatable: boolean;
  limits: { titleMax: number; contentMin: number; contentMax: number };
}

export type ReviewFormResult =
  | { sent: true }
  | { sent: false; errors: ReviewFieldErrors; values: Record<string, string> };

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
  return (
    <li className="review" lang={review.language === "und" ? undefined : review.language}>
      <Rating value={review.rating} />
      <ReviewText
        reviewId={review.id}
        titleId={titleId}
        translatable={translatable}
        original={{ title: review.title, content: review.content, comment: review.comment }}
        render={(text) => (
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
        )}
      />
    </li>
  );
}

/** Links (they work without JavaScript); the loader serves the page, so each page is cacheable. */
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
            <Link to={href(page - 1)} preventScrollReset rel="prev">
              {t("reviews.previousPage")}
            </Link>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            <Link to={href(n)} preventScrollReset aria-current={n === page ? "page" : undefined} aria-label={t("reviews.page", { page: n })}>
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} preventScrollReset rel="next">
              {t("reviews.nextPage")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

const ERROR_PARAMS = (limits: ReviewOptions["limits"]) => ({ max: limits.titleMax, min: limits.contentMin });

function WriteReview({ url, limits, loggedIn }: { url: string; limits: ReviewOptions["limits"]; loggedIn: boolean | null }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const fetcher = useFetcher<ReviewFormResult>();
  // Without JavaScript the form posts the page itself, which answers with the result.
  const posted = useActionData<ReviewFormResult>();
  const result = fetcher.data ?? posted;
  const headingId = useId();
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  const errors = result && !result.sent ? result.errors : {};
  const values = result && !result.sent ? result.values : {};
  const message = (name: keyof ReviewFieldErrors) => {
    const code = errors[name];
    if (!code) return undefined;
    const params = code === "content-too-long" ? { max: limits.contentMax } : ERROR_PARAMS(limits);
    return t(`reviews.error.${code}`, params);
  };
  const sending = fetcher.state !== "idle";

  return (
    <section className="write-review" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("reviews.write")}</h3>
      {result?.sent ? (
        <p role="status" className="write-review__thanks">
          {t("reviews.thanks")}
        </p>
      ) : loggedIn ? (
        <fetcher.Form method="post" action={url} noValidate className="write-review__form">
          <input type="hidden" name="intent" value="review" />
          <fieldset
            className={`write-review__rating ${errors.rating ? "checkout-field--invalid" : ""}`}
            aria-describedby={errors.rating ? id("rating-error") : undefined}
          >
            <legend className="checkout-field__label">
              {t("reviews.rating")}
              <span className="checkout-field__required" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="write-review__stars">
              {[5, 4, 3, 2, 1].map((stars) => (
                <label key={stars}>
                  <input type="radio" name="rating" value={stars} required defaultChecked={values.rating === String(stars)} />
                  {stars === 1 ? t("reviews.star") : t("reviews.stars", { stars })}
                </label>
              ))}
            </div>
            {errors.rating && (
              <p id={id("rating-error")} className="checkout-field__error">
                {message("rating")}
              </p>
            )}
          </fieldset>
          <Field id={id("title")} label={t("reviews.title")} required error={message("title")}>
            <input {...controlProps(id("title"), "title", message("title"))} required maxLength={limits.titleMax} defaultValue={values.title} />
          </Field>
          <Field id={id("content")} label={t("reviews.content")} required hint={t("reviews.contentHint", { min: limits.contentMin })} error={message("content")}>
            <textarea
              {...controlProps(id("content"), "content", message("content"), true)}
              required
              rows={5}
              minLength={limits.contentMin}
              maxLength={limits.contentMax}
              defaultValue={values.content}
            />
          </Field>
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
            {t("reviews.submit")}
          </button>
        </fetcher.Form>
      ) : (
        <p>
          <a href={path("frontend.account.login.page", undefined, { redirectTo: `${url}#reviews` })}>{t("reviews.loginToWrite")}</a>
        </p>
      )}
    </section>
  );
}
