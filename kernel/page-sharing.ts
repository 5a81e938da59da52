/**
 * A route's `handle` when its page may be rendered once and shared between visitors
 * (server/http/page-cache.ts): its loader reads nothing personal (no session, cart or customer) and the
 * page sets no cookie. Personal state reaches the page through the widget endpoints after it loads.
 */
export const SHARED_PAGE = { sharedPage: true } as const;

export function isSharedPageHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sharedPage?: unknown }).sharedPage === true;
}

/** The page-cache tag of a product: pages that show it are dropped when it changes (migration 0013). */
export const productTag = (productId: string) => `p:${productId}`;
