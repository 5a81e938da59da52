/** Targets of issue 5, at 100,000 products on PostgreSQL: the catalog bench measures them, the report states them. */
export const LISTING_P95_TARGET_MS = 50;
export const SUGGEST_P95_TARGET_MS = 20;

/**
 * Issue 19: the shop's own JavaScript until a page has hydrated, on top of the framework's chunk
 * (`splitFramework` in bench/transfer.ts), KB gzip per page of `pickPages`.
 */
export const SHOP_JS_TARGET_KB: Record<string, number> = { home: 12, search: 12, category: 16, product: 16 };
