/**
 * The second shop of the browser tests: the same build with the infinite-scrolling add-on on, 3 products
 * a page (so the demo categories have many pages) and 2 automatic loads. `playwright.config.ts` starts
 * it on the port after the main one.
 */
export const INFINITE_SHOP_SETTINGS = {
  "infiniteScrolling.enabled": true,
  "listing.pageSize": 3,
  "infiniteScrolling.pages": 2,
} as const;

export const infiniteShopPort = (mainPort: number) => mainPort + 1;

export const infiniteShopURL = () => `http://127.0.0.1:${infiniteShopPort(Number(process.env.E2E_PORT ?? 3210))}`;
