-- The order's payment rows move to payment_transaction (one row per attempt; built-in methods are "manual").
INSERT INTO "payment_transaction" ("order_id", "cart_id", "cart_revision", "customer_id", "payment_method_id", "payment_method_name",
    "method", "provider", "amount_gross", "currency", "state", "order_number", "created_at", "updated_at")
SELECT t."order_id", o."cart_id", o."cart_revision", o."customer_id", t."payment_method_id", t."payment_method_name",
    coalesce(m."technical_name", 'invoice'), 'manual', t."amount_gross", o."currency", t."status", o."order_number", o."created_at", o."created_at"
FROM "order_transaction" t
JOIN "customer_order" o ON o."id" = t."order_id"
LEFT JOIN "payment_method" m ON m."id" = t."payment_method_id";
--> statement-breakpoint
DROP TABLE "order_transaction" CASCADE;
