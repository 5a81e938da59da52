import type { ReviewFieldErrors } from "../../../server/reviews/schema";

/** What the page needs to know about reviews besides the product: the same for every visitor. */
export interface ReviewOptions {
  /** A translation service is configured: reviews in another language get a Translate button. */
  translatable: boolean;
  limits: { titleMax: number; contentMin: number; contentMax: number };
}

/** What posting the review form answers (with or without JavaScript). */
export type ReviewFormResult =
  | { sent: true }
  | { sent: false; errors: ReviewFieldErrors; values: Record<string, string> };
