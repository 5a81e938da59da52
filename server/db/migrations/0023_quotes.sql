CREATE SEQUENCE "public"."b2b_quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 20001 CACHE 1;--> statement-breakpoint
CREATE TABLE "b2b_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('b2b_quote_number_seq') NOT NULL,
	"partner_id" uuid NOT NULL,
	"employee_id" uuid,
	"requester_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text NOT NULL,
	"positions_gross" integer NOT NULL,
	"total_gross" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"cart_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_quote_status_known" CHECK ("b2b_quote"."status" in ('open', 'in_review', 'replied', 'accepted', 'ordered', 'declined', 'changes_requested')),
	CONSTRAINT "b2b_quote_totals_non_negative" CHECK ("b2b_quote"."positions_gross" >= 0 and "b2b_quote"."total_gross" >= 0)
);
--> statement-breakpoint
CREATE TABLE "b2b_quote_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_quote_comment_author_kind" CHECK ("b2b_quote_comment"."author_kind" in ('customer', 'shop')),
	CONSTRAINT "b2b_quote_comment_length" CHECK (char_length("b2b_quote_comment"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "b2b_quote_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"variant_id" uuid,
	"product_number" text NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"list_unit_gross" integer NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "b2b_quote_line_quantity_positive" CHECK ("b2b_quote_line"."quantity" > 0),
	CONSTRAINT "b2b_quote_line_price_non_negative" CHECK ("b2b_quote_line"."list_unit_gross" >= 0),
	CONSTRAINT "b2b_quote_line_discount_range" CHECK ("b2b_quote_line"."discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "b2b_quote" ADD CONSTRAINT "b2b_quote_partner_id_b2b_business_partner_customer_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."b2b_business_partner"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_quote" ADD CONSTRAINT "b2b_quote_employee_id_b2b_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."b2b_employee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_quote" ADD CONSTRAINT "b2b_quote_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_quote_comment" ADD CONSTRAINT "b2b_quote_comment_quote_id_b2b_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."b2b_quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_quote_line" ADD CONSTRAINT "b2b_quote_line_quote_id_b2b_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."b2b_quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_quote_line" ADD CONSTRAINT "b2b_quote_line_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_quote_number_idx" ON "b2b_quote" USING btree ("number");--> statement-breakpoint
CREATE INDEX "b2b_quote_partner_idx" ON "b2b_quote" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "b2b_quote_employee_idx" ON "b2b_quote" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "b2b_quote_status_idx" ON "b2b_quote" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "b2b_quote_comment_quote_idx" ON "b2b_quote_comment" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_quote_line_position_idx" ON "b2b_quote_line" USING btree ("quote_id","position");