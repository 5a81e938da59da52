CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "restock_days" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "release_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "is_closeout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "option_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "product_manufacturer_idx" ON "product" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "product_option_ids_idx" ON "product" USING gin ("option_ids");--> statement-breakpoint
CREATE INDEX "product_search_text_trgm_idx" ON "product" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product" USING gin ("search_vector");