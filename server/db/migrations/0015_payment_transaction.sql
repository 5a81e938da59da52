CREATE TABLE "payment_checkout" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"ineligible_methods" text[] DEFAULT '{}' NOT NULL,
	"fatal_methods" text[] DEFAULT '{}' NOT NULL,
	"express_reference" text,
	"notice" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"cart_id" uuid,
	"cart_revision" integer,
	"customer_id" uuid,
	"payment_method_id" uuid,
	"payment_method_name" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"amount_gross" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_gross" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"provider_reference" text,
	"settlement_reference" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"order_number" text,
	"instructions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_checkout" ADD CONSTRAINT "payment_checkout_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD CONSTRAINT "payment_transaction_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transaction_order_idx" ON "payment_transaction" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_transaction_cart_idx" ON "payment_transaction" USING btree ("cart_id","cart_revision");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transaction_provider_reference_idx" ON "payment_transaction" USING btree ("provider","provider_reference");