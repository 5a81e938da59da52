CREATE TABLE "cart_eligibility" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"subgroup" text,
	"verification_text" text,
	"proof_key" text,
	"proof_name" text,
	"proof_type" text,
	"proof_bytes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_eligibility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"subgroup" text NOT NULL,
	"check_mode" text NOT NULL,
	"verification_text" text,
	"proof_key" text,
	"proof_name" text,
	"proof_type" text,
	"proof_bytes" integer,
	"status" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "requires_eligibility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_eligibility" ADD CONSTRAINT "cart_eligibility_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_eligibility" ADD CONSTRAINT "order_eligibility_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_eligibility" ADD CONSTRAINT "order_eligibility_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_eligibility_order_idx" ON "order_eligibility" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_eligibility_status_idx" ON "order_eligibility" USING btree ("status","created_at");