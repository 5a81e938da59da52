/** The listing URL for another page or sorting, keeping every other parameter (search term, filters). */
export function listingHref(current: URLSearchParams, changes: { p?: number; order?: string }): string {
  const next = new URLSearchParams(current);
  if (changes.order !== undefined) {
    next.set("order", changes.order);
    next.delete("p");
  }
  if (changes.p !== undefined) {
    if (changes.p <= 1) next.delete("p");
    else next.set("p", String(changes.p));
  }
  for (const [key, value] of [...next.entries()]) if (value === "") next.delete(key);
  const qs = next.toString();
  return qs ? `?${qs}` : "?";
}

/** Page numbers to show: first, last and the neighbours of the current page; `null` marks a gap. */
export function paginationWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= radius) pages.push(n);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
