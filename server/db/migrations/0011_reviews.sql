CREATE TABLE "review_translation" (
	"review_id" uuid NOT NULL,
	"target_locale" text NOT NULL,
	"provider" text NOT NULL,
	"source_hash" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_translation_review_id_target_locale_provider_pk" PRIMARY KEY("review_id","target_locale","provider")
);
--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "review_translation" ADD CONSTRAINT "review_translation_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_product_customer_idx" ON "review" USING btree ("product_id","customer_id");