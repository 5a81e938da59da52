CREATE SEQUENCE "public"."b2b_pending_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 30001 CACHE 1;--> statement-breakpoint
CREATE TABLE "b2b_approval_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"applies_to_role_id" uuid,
	"total_above_gross" integer NOT NULL,
	"currency" text NOT NULL,
	"reviewer_role_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_approval_rule_total_non_negative" CHECK ("b2b_approval_rule"."total_above_gross" >= 0)
);
--> statement-breakpoint
CREATE TABLE "b2b_pending_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('b2b_pending_order_number_seq') NOT NULL,
	"partner_id" uuid NOT NULL,
	"employee_id" uuid,
	"requester_name" text NOT NULL,
	"rule_id" uuid,
	"rule_name" text NOT NULL,
	"reviewer_role_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"cart_id" uuid,
	"cart_revision" integer NOT NULL,
	"currency" text NOT NULL,
	"total_gross" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"customer_comment" text,
	"decider_name" text,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_pending_order_status_known" CHECK ("b2b_pending_order"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "b2b_approval_rule" ADD CONSTRAINT "b2b_approval_rule_partner_id_b2b_business_partner_customer_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."b2b_business_partner"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_approval_rule" ADD CONSTRAINT "b2b_approval_rule_applies_to_role_id_b2b_role_id_fk" FOREIGN KEY ("applies_to_role_id") REFERENCES "public"."b2b_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_approval_rule" ADD CONSTRAINT "b2b_approval_rule_reviewer_role_id_b2b_role_id_fk" FOREIGN KEY ("reviewer_role_id") REFERENCES "public"."b2b_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_partner_id_b2b_business_partner_customer_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."b2b_business_partner"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_employee_id_b2b_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."b2b_employee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_rule_id_b2b_approval_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."b2b_approval_rule"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_reviewer_role_id_b2b_role_id_fk" FOREIGN KEY ("reviewer_role_id") REFERENCES "public"."b2b_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pending_order" ADD CONSTRAINT "b2b_pending_order_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_approval_rule_partner_name_idx" ON "b2b_approval_rule" USING btree ("partner_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_pending_order_number_idx" ON "b2b_pending_order" USING btree ("number");--> statement-breakpoint
CREATE INDEX "b2b_pending_order_partner_idx" ON "b2b_pending_order" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "b2b_pending_order_cart_idx" ON "b2b_pending_order" USING btree ("cart_id");