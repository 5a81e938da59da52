CREATE TABLE "wishlist_product" (
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_product_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "wishlist_product" ADD CONSTRAINT "wishlist_product_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_product" ADD CONSTRAINT "wishlist_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlist_product_customer_added_idx" ON "wishlist_product" USING btree ("customer_id","added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_product_product_idx" ON "wishlist_product" USING btree ("product_id");