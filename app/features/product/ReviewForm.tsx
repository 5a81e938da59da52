import { useId } from "react";
import { useFetcher } from "react-router";
import type { ReviewFieldErrors } from "../../../server/reviews/schema";
import { useI18n } from "../../i18n/i18n";
import { Field, controlProps } from "../../ui/form/Field";
import type { ReviewFormResult, ReviewOptions } from "./review-data";

const ERROR_PARAMS = (limits: ReviewOptions["limits"]) => ({ max: limits.titleMax, min: limits.contentMin });

/**
 * The review form of a logged-in customer: rating, title and text, checked on the server (the page
 * shows its messages; `noValidate` so that they are the same with and without JavaScript).
 */
export default function ReviewForm({ url, limits, posted }: { url: string; limits: ReviewOptions["limits"]; posted: ReviewFormResult | undefined }) {
  const { t } = useI18n();
  const fetcher = useFetcher<ReviewFormResult>();
  const result = fetcher.data ?? posted;
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

  if (result?.sent) {
    return (
      <p role="status" className="write-review__thanks">
        {t("reviews.thanks")}
      </p>
    );
  }
  return (
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
  );
}
