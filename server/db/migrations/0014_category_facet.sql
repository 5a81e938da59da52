CREATE TABLE "category_facet" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"manufacturer_ids" uuid[] NOT NULL,
	"option_ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_facet" ADD CONSTRAINT "category_facet_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;