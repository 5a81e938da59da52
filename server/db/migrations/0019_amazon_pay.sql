CREATE TABLE "customer_provider_login" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_provider_login_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "order_comment" text;--> statement-breakpoint
ALTER TABLE "customer_provider_login" ADD CONSTRAINT "customer_provider_login_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_provider_login_customer_idx" ON "customer_provider_login" USING btree ("customer_id");