CREATE TABLE "b2b_business_partner" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"default_role_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_employee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT false NOT NULL,
	"role_id" uuid,
	"invitation_token_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_employee_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"employee_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "employee_name" text;--> statement-breakpoint
ALTER TABLE "b2b_business_partner" ADD CONSTRAINT "b2b_business_partner_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_business_partner" ADD CONSTRAINT "b2b_business_partner_default_role_id_b2b_role_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."b2b_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_employee" ADD CONSTRAINT "b2b_employee_partner_id_b2b_business_partner_customer_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."b2b_business_partner"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_employee" ADD CONSTRAINT "b2b_employee_role_id_b2b_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."b2b_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_employee_session" ADD CONSTRAINT "b2b_employee_session_token_hash_session_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."session"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_employee_session" ADD CONSTRAINT "b2b_employee_session_employee_id_b2b_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."b2b_employee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_role" ADD CONSTRAINT "b2b_role_partner_id_b2b_business_partner_customer_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."b2b_business_partner"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_employee_email_idx" ON "b2b_employee" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_employee_invitation_idx" ON "b2b_employee" USING btree ("invitation_token_hash");--> statement-breakpoint
CREATE INDEX "b2b_employee_partner_idx" ON "b2b_employee" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "b2b_employee_session_employee_idx" ON "b2b_employee_session" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_role_partner_name_idx" ON "b2b_role" USING btree ("partner_id",lower("name"));--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_employee_id_b2b_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."b2b_employee"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_employee_id_b2b_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."b2b_employee"("id") ON DELETE set null ON UPDATE no action;