/** A review as the product page shows it: approved, with the shop's answer if any. */
export interface Review {
  id: string;
  authorName: string;
  title: string;
  content: string;
  /** The shop's answer, if any. */
  comment: string | null;
  rating: number;
  /** ISO 639-1 code of the review's language, `und` when undetermined. */
  language: string;
  createdAt: string;
}

export interface ReviewSummary {
  average: number | null;
  count: number;
  /** Count per star rating, index 0 = 1 star. */
  distribution: [number, number, number, number, number];
  /** The page of `items` (1-based) and how many pages of REVIEWS_PER_PAGE there are (at least 1). */
  page: number;
  pageCount: number;
  items: Review[];
}
