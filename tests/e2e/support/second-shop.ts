/**
 * The second shop of the browser tests: the same build with the shop settings the main shop leaves off.
 * Infinite scrolling with 3 products a page (so the demo categories have many pages) and 2 automatic
 * loads; Google Analytics with a test measurement id (the tests serve a stand-in for gtag.js).
 * `playwright.config.ts` starts it on the port after the main one, its settings applied before.
 */
export const SECOND_SHOP_SETTINGS = {
  "infiniteScrolling.enabled": true,
  "listing.pageSize": 3,
  "infiniteScrolling.pages": 2,
  "analytics.googleTrackingId": "G-VITRINE01",
} as const;

export const secondShopPort = (mainPort: number) => mainPort + 1;

export const secondShopURL = () => `http://127.0.0.1:${secondShopPort(Number(process.env.E2E_PORT ?? 3210))}`;

/** The main shop translates reviews with the LibreTranslate double on this port (the second shop has no translation). */
export const translationDoublePort = (mainPort: number) => mainPort + 2;
