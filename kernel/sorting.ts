/** Listing sort keys (CONTRACT §3); `score` joins them on search results with ranked search. */
export const sortingKeys = ["name-asc", "name-desc", "price-asc", "price-desc", "topseller"] as const;
export type SortingKey = (typeof sortingKeys)[number];
