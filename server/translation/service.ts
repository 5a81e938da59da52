import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { languageName, UNDETERMINED_LANGUAGE } from "../reviews/language";
import { review } from "../reviews/tables";
import { TranslationError, type TranslationProvider } from "./providers";
import { reviewTranslation } from "./tables";

/** The spec's review translation response (extensions "Review translation response"), plus who translated. */
export interface ReviewTranslationAnswer {
  id: string;
  title: string;
  content: string;
  comment: string | null;
  /** The review's original language, named in the shopper's language. */
  language_name: string;
  /** The service's name, shown with the translation. */
  provider: string;
}

export type TranslateResult =
  | { ok: true; translation: ReviewTranslationAnswer; cached: boolean }
  | { ok: false; reason: "unknown-review" | "same-language" | "provider-failed" };

export interface ReviewTranslationService {
  translate(reviewId: string, targetLocale: string): Promise<TranslateResult>;
}

/** Changes whenever the review's text does: a cached translation of an older text is not reused. */
export function sourceHash(texts: { title: string; content: string; comment: string | null }): string {
  return createHash("sha256").update(JSON.stringify([texts.title, texts.content, texts.comment ?? ""])).digest("hex");
}

export function createReviewTranslationService(db: Database, provider: TranslationProvider, logger: Logger): ReviewTranslationService {
  return {
    async translate(reviewId, targetLocale) {
      const [original] = await db
        .select({ title: review.title, content: review.content, comment: review.comment, language: review.language })
        .from(review)
        .where(and(eq(review.id, reviewId), eq(review.status, "approved")));
      if (!original) return { ok: false, reason: "unknown-review" };
      if (original.language === targetLocale) return { ok: false, reason: "same-language" };
      const answer = (texts: { title: string; content: string; comment: string | null }): ReviewTranslationAnswer => ({
        id: reviewId,
        title: texts.title,
        content: texts.content,
        comment: texts.comment,
        language_name: languageName(original.language, targetLocale),
        provider: provider.label,
      });
      const hash = sourceHash(original);
      const key = and(eq(reviewTranslation.reviewId, reviewId), eq(reviewTranslation.targetLocale, targetLocale), eq(reviewTranslation.provider, provider.id));
      const [stored] = await db
        .select({ title: reviewTranslation.title, content: reviewTranslation.content, comment: reviewTranslation.comment, sourceHash: reviewTranslation.sourceHash })
        .from(reviewTranslation)
        .where(key);
      if (stored && stored.sourceHash === hash) return { ok: true, translation: answer(stored), cached: true };

      const source = original.language === UNDETERMINED_LANGUAGE ? null : original.language;
      let translated: string[];
      try {
        translated = await provider.translate([original.title, original.content, original.comment ?? ""], source, targetLocale);
      } catch (error) {
        if (!(error instanceof TranslationError)) throw error;
        logger.warn("review translation failed", { provider: provider.id, reviewId, message: error.message });
        return { ok: false, reason: "provider-failed" };
      }
      const texts = { title: translated[0]!, content: translated[1]!, comment: original.comment === null ? null : translated[2]! };
      await db
        .insert(reviewTranslation)
        .values({ reviewId, targetLocale, provider: provider.id, sourceHash: hash, ...texts })
        .onConflictDoUpdate({
          target: [reviewTranslation.reviewId, reviewTranslation.targetLocale, reviewTranslation.provider],
          set: { sourceHash: hash, ...texts, createdAt: sql`now()` },
        });
      return { ok: true, translation: answer(texts), cached: false };
    },
  };
}
