import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Small modules every page's first load needs (the chrome's helpers) go into one chunk instead of a
 * file each: they are shared with lazy chunks, which would otherwise split them off one by one.
 */
const CHROME_MODULES = /\/app\/(lib\/(http|routes|route-names|revalidation|storage|constants|cookies|debounce|viewport|timezone|analytics|near-or-idle)|i18n\/i18n|ui\/(Icon|box-purchase-loader|use-route-path|use-disclosure|use-viewport|product-actions|hydrate-later|tax-info\/TaxInfoLink)|features\/cart\/(cart-requests|cart-events|widget-state)|features\/header\/account-session|features\/wishlist\/(use-wishlist|WishlistButton|WishlistCounter)|features\/search\/search-term|features\/page\/ErrorPage)\.tsx?$/;

/**
 * React Router 7 exports only its development build, dev warnings and all, even to production bundles
 * (remix-run/react-router#12532, #14102). The browser bundle takes the production build the package
 * also ships; `react-router` and `react-router/dom` switch together, so there is one router instance.
 * The server keeps the package's default (decision 0019).
 */
const reactRouterDist = path.resolve(path.dirname(createRequire(import.meta.url).resolve("react-router")), "..");
const REACT_ROUTER_PRODUCTION: Record<string, string> = {
  "react-router": path.join(reactRouterDist, "production/index.mjs"),
  "react-router/dom": path.join(reactRouterDist, "production/dom-export.mjs"),
};

function reactRouterProductionBuild(): Plugin {
  return {
    name: "vitrine:react-router-production-build",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      return REACT_ROUTER_PRODUCTION[source] && this.environment.name === "client" ? REACT_ROUTER_PRODUCTION[source] : null;
    },
  };
}

/**
 * The framework every page runs on: React, React DOM with its scheduler, React Router and the two small
 * packages React Router imports. One chunk of a fixed name, so that the benchmark can report it apart
 * from the shop's own code (bench/transfer.ts `FRAMEWORK_CHUNK`).
 */
const FRAMEWORK_MODULES = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;

/** The product box and its parts: listings, the home page, cross-selling and the wishlist show them together. */
const PRODUCT_BOX_MODULES = /\/app\/ui\/(ProductBox|BuyForm|Price|Rating|ResponsiveImage)\.tsx$/;

/**
 * The purchase option of product boxes with subscription plans (loaded when such a box is shown,
 * ui/box-purchase-loader) and the plan labels it shares with the product page, the cart and orders, in
 * one file: the chrome chunk's preload list then names one file more, not two (40 bytes less on every
 * first load; the lazy chunks that show labels load 0.45 KB more).
 */
const SUBSCRIPTION_MODULES = /\/app\/(ui\/BoxPurchase|lib\/subscription-label)\.tsx?$/;

/** The 3D viewer's light shell (model-viewer itself is a chunk of its own): one file for the product and home pages. */
const SPATIAL_SHELL_MODULES = /\/app\/features\/spatial\/(SpatialViewer|SpatialShowcase|ProductModel|autostart|constants)\.tsx?$/;

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // Kept for the server: pages preload the lazy view chunks they need (server/http/client-manifest.ts).
    manifest: true,
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: (id: string) => FRAMEWORK_MODULES.test(id) },
            { name: "chrome", test: (id: string) => CHROME_MODULES.test(id) },
            { name: "product-box", test: (id: string) => PRODUCT_BOX_MODULES.test(id) },
            { name: "subscription", test: (id: string) => SUBSCRIPTION_MODULES.test(id) },
            { name: "spatial-shell", test: (id: string) => SPATIAL_SHELL_MODULES.test(id) },
            // Named so that the benchmark can tell it is not fetched before the QR dialog opens.
            { name: "qrcode", test: (id: string) => /\/node_modules\/qrcode\//.test(id) },
          ],
        },
      },
    },
  },
});
