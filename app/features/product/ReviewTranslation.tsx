import { useState, type ReactNode } from "react";
import type { ReviewTranslationAnswer } from "../../../server/http/reviews";
import { useI18n } from "../../i18n/i18n";

type State =
  | { kind: "original" }
  | { kind: "busy" }
  | { kind: "failed" }
  | { kind: "translated"; translation: ReviewTranslationAnswer; showOriginal: boolean };

interface ReviewTextProps {
  reviewId: string;
  /** Ties the Translate button to the review's title (its description). */
  titleId: string;
  render(texts: { title: string; content: string; comment: string | null }): ReactNode;
  original: { title: string; content: string; comment: string | null };
}

/**
 * A review's title and text with its Translate button: the translation replaces the text, with a note
 * naming the original language and the service and a button back to the original (which is never lost).
 * A failed request shows an alert (spec: on 200 the alert is hidden, otherwise shown). Shown only for
 * reviews in another language when a translation service is configured (`Reviews` loads it lazily).
 */
export function ReviewText({ reviewId, titleId, render, original }: ReviewTextProps) {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ kind: "original" });

  const translate = async () => {
    setState({ kind: "busy" });
    try {
      const { fetchReviewTranslation } = await import("./review-translation");
      setState({ kind: "translated", translation: await fetchReviewTranslation(reviewId), showOriginal: false });
    } catch {
      setState({ kind: "failed" });
    }
  };

  const showing = state.kind === "translated" && !state.showOriginal ? state.translation : original;
  return (
    <>
      {render(showing)}
      {state.kind === "translated" && (
        <p className="review__translation">
          <span>{t("reviews.translated", { language: state.translation.language_name, provider: state.translation.provider })}</span>{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => setState({ ...state, showOriginal: !state.showOriginal })}
          >
            {state.showOriginal ? t("reviews.showTranslation") : t("reviews.showOriginal")}
          </button>
        </p>
      )}
      {state.kind !== "translated" && (
        <p className="review__translation">
          <button
            type="button"
            className="button button--secondary review__translate"
            aria-describedby={titleId}
            aria-busy={state.kind === "busy" || undefined}
            disabled={state.kind === "busy"}
            onClick={() => void translate()}
          >
            {t("reviews.translate")}
          </button>
        </p>
      )}
      <div role="alert" className="review__alert">
        {state.kind === "failed" ? t("reviews.translateFailed") : null}
      </div>
    </>
  );
}
