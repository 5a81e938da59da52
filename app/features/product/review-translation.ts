import type { ReviewTranslationAnswer } from "../../../server/http/reviews";
import { postJson } from "../../lib/http";

/*
 * Loaded with `import()` on the first click of a Translate button: the product view's chunk stays as it
 * was for shoppers who never translate.
 */

/** The review in the page's language (spec: POST {reviewId}); throws on an error status (the endpoint's success is 200). */
export function fetchReviewTranslation(reviewId: string): Promise<ReviewTranslationAnswer> {
  return postJson<ReviewTranslationAnswer>("frontend.product.review.translate", { reviewId });
}
