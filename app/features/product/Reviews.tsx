import type { ReviewSummary } from "../../../server/catalog/types";
import { formatRating, useI18n } from "../../i18n/i18n";
import { Rating } from "../../ui/Rating";

/** The reviews tab's content; the tab (or its panel) gives it its heading. */
export function Reviews({ reviews }: { reviews: ReviewSummary }) {
  const { t, locale } = useI18n();
  const dateFormat = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" });
  return (
    <>
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
          <ul className="reviews__list">
            {reviews.items.map((review) => (
              <li key={review.id} className="review">
                <Rating value={review.rating} />
                <h3 className="review__title">{review.title}</h3>
                <p className="review__meta">
                  {t("product.reviewBy", { name: review.authorName, date: dateFormat.format(new Date(review.createdAt)) })}
                </p>
                <p>{review.content}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
