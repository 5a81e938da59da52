import { sql } from "drizzle-orm";
import type { ReviewSummary } from "./types";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

/** Reviews per page of the reviews tab, newest first. */
export const REVIEWS_PER_PAGE = 10;

/** The rating summary and one page of approved reviews, newest first; a page past the last shows the last. */
export async function loadReviews(db: Database, productId: string, requestedPage: number): Promise<ReviewSummary> {
  const distributionRows = await queryRows<{ rating: number; count: number }>(
    db,
    sql`select rating::int as rating, count(*)::int as count from review
        where product_id = ${productId} and status = 'approved' group by rating`,
  );
  const distribution: ReviewSummary["distribution"] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const r of distributionRows) {
    distribution[r.rating - 1] = r.count;
    sum += r.rating * r.count;
    count += r.count;
  }
  const pageCount = Math.max(1, Math.ceil(count / REVIEWS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const items = await queryRows<{
    id: string;
    author_name: string;
    title: string;
    content: string;
    comment: string | null;
    rating: number;
    language: string;
    created_at: string;
  }>(
    db,
    sql`select id, author_name, title, content, comment, rating::int as rating, language,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
        from review where product_id = ${productId} and status = 'approved'
        order by created_at desc, id limit ${REVIEWS_PER_PAGE} offset ${(page - 1) * REVIEWS_PER_PAGE}`,
  );
  return {
    average: count ? Math.round((sum / count) * 10) / 10 : null,
    count,
    distribution,
    page,
    pageCount,
    items: items.map((r) => ({
      id: r.id,
      authorName: r.author_name,
      title: r.title,
      content: r.content,
      comment: r.comment,
      rating: r.rating,
      language: r.language,
      createdAt: r.created_at,
    })),
  };
}
