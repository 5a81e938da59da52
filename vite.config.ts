import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Small modules every page's first load needs (the chrome's helpers) go into one chunk instead of a
 * file each: they are shared with lazy chunks, which would otherwise split them off one by one.
 */
const CHROME_MODULES = /\/app\/(lib\/(http|routes|route-names|revalidation|storage|constants|cookies|debounce|viewport|timezone|analytics)|i18n\/i18n|ui\/(Icon|use-route-path|use-disclosure|use-viewport|tax-info\/TaxInfoLink)|features\/cart\/(cart-requests|cart-events|widget-state)|features\/search\/search-term|features\/page\/ErrorPage)\.tsx?$/;

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "chrome", test: (id: string) => CHROME_MODULES.test(id) }],
        },
      },
    },
  },
});
