import type { ReviewTranslationAnswer } from "../../../server/http/reviews";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";

/*
 * Loaded with `import()` on the first click of a Translate button: the product view's chunk stays as it
 * was for shoppers who never translate.
 */

/** The review in the page's language (spec: POST {reviewId}); throws on any status but 200. */
export async function fetchReviewTranslation(reviewId: string): Promise<ReviewTranslationAnswer> {
  const response = await http(routeUrl("frontend.product.review.translate"), { method: "POST", body: { reviewId } });
  if (response.status !== 200) throw new Error(`Review translation answered ${response.status}`);
  return (await response.json()) as ReviewTranslationAnswer;
}
