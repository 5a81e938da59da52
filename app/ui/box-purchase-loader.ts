import { lazy } from "react";

/**
 * The purchase option of product boxes with subscription plans (`BoxPurchase`), loaded when such a box is
 * rendered: few boxes have plans, and its controls need no script (native radios, CSS and a form each),
 * so it stays out of the first-load product-box chunk (decisions 0020, 0024). The lazy import lives
 * here, in the chrome chunk, which already carries the build's list of chunks to preload; in the
 * product-box chunk it would add a second list and the preload helper (about 110 bytes gzip).
 *
 * Boxes render it without a Suspense boundary of their own: React waits for the chunk instead of
 * showing a box without its choice, so the server's HTML is always complete (JavaScript or not), and the
 * browser hydrates the page once the chunk is there.
 */
export const BoxPurchase = lazy(() => import("./BoxPurchase"));
