CREATE TABLE "blacklist_word" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sales_channel_id" uuid NOT NULL,
	"word" text NOT NULL,
	"applies_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_word_applies_to_check" CHECK ("blacklist_word"."applies_to" in ('name', 'address'))
);
--> statement-breakpoint
ALTER TABLE "blacklist_word" ADD CONSTRAINT "blacklist_word_sales_channel_id_sales_channel_id_fk" FOREIGN KEY ("sales_channel_id") REFERENCES "public"."sales_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_word_unique_idx" ON "blacklist_word" USING btree ("sales_channel_id",lower("word"),"applies_to");