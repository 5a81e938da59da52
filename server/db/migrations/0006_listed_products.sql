ALTER TABLE "product" ADD COLUMN "has_active_variant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "product" p SET "has_active_variant" = EXISTS (SELECT 1 FROM "product_variant" v WHERE v."product_id" = p."id" AND v."active");
