import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A slide-out panel adds a history entry for the same URL; going Back to it must not refetch the page.
 * Same URL and no form submission: keep the data.
 */
export function skipSameUrlRevalidation({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}
