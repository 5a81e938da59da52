/** Targets of issue 5, at 100,000 products on PostgreSQL: the catalog bench measures them, the report states them. */
export const LISTING_P95_TARGET_MS = 50;
export const SUGGEST_P95_TARGET_MS = 20;
