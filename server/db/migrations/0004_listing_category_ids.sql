ALTER TABLE "product" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_category_ids_idx" ON "product" USING gin ("category_ids");--> statement-breakpoint
-- Existing catalogs: fill the new column as refreshProductAggregates would (server/catalog/aggregates.ts).
UPDATE "product" p SET "category_ids" = x.ids
FROM (SELECT product_id, array_agg(category_id ORDER BY category_id) AS ids FROM "product_category" GROUP BY product_id) x
WHERE x.product_id = p.id;
