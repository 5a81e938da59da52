/*
 * Apart from kernel/constants.ts on purpose: that module is in the chunk every page loads, this one only
 * where product pages need it (decision 0020's budget).
 */

/** The product page's query parameter that picks a page of its reviews (`?reviewPage=2#reviews`). */
export const REVIEW_PAGE_PARAM = "reviewPage";
