import { and, eq, sql } from "drizzle-orm";
import { product } from "../catalog/tables";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { detectLanguage } from "./language";
import { parseReview, type ReviewFieldErrors } from "./schema";
import { review } from "./tables";

export type ReviewStatus = "pending" | "approved" | "rejected";

export type SubmitResult =
  | { ok: true; reviewId: string; replaced: boolean }
  | { ok: false; reason: "invalid"; errors: ReviewFieldErrors }
  | { ok: false; reason: "unknown-product" };

export interface PendingReview {
  id: string;
  productName: string;
  authorName: string;
  rating: number;
  title: string;
  content: string;
  language: string;
  createdAt: string;
}

export interface ReviewService {
  /**
   * Stores a customer's review of a product as pending. One review per customer and product: writing
   * again replaces the text and sends it back to moderation (docs/decisions/0021).
   */
  submit(author: { customerId: string; name: string }, productId: string, input: Record<string, unknown>): Promise<SubmitResult>;
  listPending(limit?: number): Promise<PendingReview[]>;
  /** Approves or rejects a review and refreshes its product's rating; false for an unknown id. */
  moderate(reviewId: string, status: Exclude<ReviewStatus, "pending">): Promise<boolean>;
}

export function createReviewService(db: Database): ReviewService {
  return {
    async submit(author, productId, input) {
      const parsed = parseReview(input);
      if (!parsed.ok) return { ok: false, reason: "invalid", errors: parsed.errors };
      const { rating, title, content } = parsed.review;
      const [known] = await db.select({ id: product.id }).from(product).where(and(eq(product.id, productId), eq(product.active, true)));
      if (!known) return { ok: false, reason: "unknown-product" };
      const language = detectLanguage(`${title}. ${content}`);
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ id: review.id, status: review.status })
          .from(review)
          .where(and(eq(review.productId, productId), eq(review.customerId, author.customerId)))
          .for("update");
        const values = { authorName: author.name, title, content, rating, language, status: "pending" as const };
        const [row] = await tx
          .insert(review)
          .values({ productId, customerId: author.customerId, ...values })
          .onConflictDoUpdate({ target: [review.productId, review.customerId], set: { ...values, createdAt: sql`now()` } })
          .returning({ id: review.id });
        // A replaced approved review leaves the public rating until it is checked again.
        if (previous?.status === "approved") await refreshReviewAggregates(tx, productId);
        return { ok: true as const, reviewId: row!.id, replaced: !!previous };
      });
    },

    async listPending(limit = 100) {
      const rows = await queryRows<{
        id: string;
        product_name: string;
        author_name: string;
        rating: number;
        title: string;
        content: string;
        language: string;
        created_at: string;
      }>(
        db,
        sql`select r.id, p.name as product_name, r.author_name, r.rating::int as rating, r.title, r.content, r.language,
              to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created_at
            from review r join product p on p.id = r.product_id
            where r.status = 'pending' order by r.created_at limit ${limit}`,
      );
      return rows.map((r) => ({
        id: r.id,
        productName: r.product_name,
        authorName: r.author_name,
        rating: r.rating,
        title: r.title,
        content: r.content,
        language: r.language,
        createdAt: r.created_at,
      }));
    },

    async moderate(reviewId, status) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(review).set({ status }).where(eq(review.id, reviewId)).returning({ productId: review.productId });
        if (!row) return false;
        await refreshReviewAggregates(tx, row.productId);
        return true;
      });
    },
  };
}

type Executor = Pick<Database, "execute">;

/** The product row's rating average and count, from its approved reviews only (listing filters and boxes read them). */
export async function refreshReviewAggregates(db: Executor, productId: string): Promise<void> {
  await db.execute(sql`
    update product p set
      rating_average_centi = (select round(avg(rating) * 100)::int from review r where r.product_id = p.id and r.status = 'approved'),
      review_count = (select count(*)::int from review r where r.product_id = p.id and r.status = 'approved')
    where p.id = ${productId}`);
}
