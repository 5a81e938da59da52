import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A slide-out panel adds a history entry for the same URL; going Back to it must not refetch the page.
 * Same URL and no form submission: keep the data.
 */
export function skipSameUrlRevalidation({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/**
 * Listing pages fetch their own results when only the filters, sorting or page change (the listing data
 * URL, spec §7; `useListing`); the loader runs for a new path, a new search term or a form submission.
 */
export function skipListingRevalidation({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("search") === nextUrl.searchParams.get("search")
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}
