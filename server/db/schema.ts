/**
 * Every domain's tables in one module, for drizzle alone: the typed client (./client.ts) and drizzle-kit's
 * migrations (drizzle.config.ts) read it, so a new domain's `tables.ts` must be listed here too. Code that
 * queries a table imports it from its domain's `tables.ts` instead.
 */
export * from "../ai-search/tables";
export * from "../b2b/approvals/tables";
export * from "../b2b/quotes/tables";
export * from "../b2b/tables";
export * from "../blacklist/tables";
export * from "../captcha/tables";
export * from "../cart/tables";
export * from "../catalog/tables";
export * from "../consent/tables";
export * from "../contact/tables";
export * from "../customer/tables";
export * from "../eligibility/tables";
export * from "../operator/tables";
export * from "../order/tables";
export * from "../payment/tables";
export * from "../rate-limit/tables";
export * from "../reviews/tables";
export * from "../search/tables";
export * from "../settings/tables";
export * from "../subscription/tables";
export * from "../translation/tables";
export * from "../visitor-stats/tables";
export * from "../wishlist/tables";
