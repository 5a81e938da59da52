CREATE TABLE "product_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"platform" text NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"caption" text,
	"preview_media_id" uuid,
	"start_seconds" integer,
	"end_seconds" integer,
	"needs_confirmation" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_video_id_format" CHECK ("product_video"."video_id" ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "product_video_range" CHECK (("product_video"."start_seconds" is null or "product_video"."start_seconds" >= 0) and ("product_video"."end_seconds" is null or "product_video"."end_seconds" > coalesce("product_video"."start_seconds", 0)))
);
--> statement-breakpoint
ALTER TABLE "product_video" ADD CONSTRAINT "product_video_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_video" ADD CONSTRAINT "product_video_preview_media_id_media_id_fk" FOREIGN KEY ("preview_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_video_product_idx" ON "product_video" USING btree ("product_id","position");