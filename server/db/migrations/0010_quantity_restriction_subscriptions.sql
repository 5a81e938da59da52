CREATE TABLE "subscription_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"interval_count" integer NOT NULL,
	"interval_unit" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_plan_interval_positive" CHECK ("subscription_plan"."interval_count" > 0),
	CONSTRAINT "subscription_plan_discount_range" CHECK ("subscription_plan"."discount_percent" >= 0 and "subscription_plan"."discount_percent" < 100)
);
--> statement-breakpoint
DROP INDEX "cart_line_item_cart_variant_idx";--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD COLUMN "subscription_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD COLUMN "subscription_interval_count" integer;--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD COLUMN "subscription_interval_unit" text;--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD COLUMN "subscription_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD COLUMN "subscription_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD COLUMN "subscription_interval_count" integer;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD COLUMN "subscription_interval_unit" text;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD COLUMN "subscription_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD CONSTRAINT "subscription_plan_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_plan_product_idx" ON "subscription_plan" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD CONSTRAINT "cart_line_item_subscription_plan_id_subscription_plan_id_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD CONSTRAINT "order_line_item_subscription_plan_id_subscription_plan_id_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD CONSTRAINT "cart_line_item_cart_variant_plan_key" UNIQUE NULLS NOT DISTINCT("cart_id","variant_id","subscription_plan_id");