import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import { E2E_CAPTCHA_CODE } from "./tests/e2e/support/captcha-code";
import { SECOND_SHOP_SETTINGS, secondShopPort, translationDoublePort } from "./tests/e2e/support/second-shop";

/**
 * Browser tests against the production build (`npm test` builds before `playwright test`). The server
 * starts on an empty data directory, so it migrates and imports the demo catalog itself.
 *
 * `E2E_PORT` (default 3210) picks the port, so two checkouts can run their suites side by side.
 *
 * Tests tagged `@mobile` run at 375 px, everything else at 1440 px.
 *
 * The server draws every basic captcha with one known code (`CAPTCHA_FIXED_CODE`), so journeys through a
 * form with a captcha can pass it; a real shop never runs with it (refused for https).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const isCI = Boolean(process.env.CI);
const SECOND_PORT = secondShopPort(PORT);
/** The LibreTranslate test double (server/translation/provider-double.ts) the main shop translates reviews with. */
const TRANSLATION_DOUBLE_PORT = translationDoublePort(PORT);
// Every test registers from 127.0.0.1: the per-address registration limit is raised for the suite. APP_URL is the
// address the tests use, so the providers' return URLs (Amazon Pay) come back to the visitor's cookies.
const serverEnv = (port: number) =>
  `NODE_ENV=production LOG_LEVEL=warn CAPTCHA_FIXED_CODE=${E2E_CAPTCHA_CODE} REGISTRATIONS_PER_IP_PER_HOUR=10000 PAYPAL_DOUBLE_PUI_COMPLETE_MS=3000 DATA_DIR=.data-e2e-${port} PORT=${port} APP_URL=http://127.0.0.1:${port}`;
/** The second shop (infinite scrolling, Google Analytics): its database is seeded and its settings changed before it starts. */
const secondShopSetup = [
  `rm -rf .data-e2e-${SECOND_PORT}`,
  `DATA_DIR=.data-e2e-${SECOND_PORT} node --import tsx seed/reset.ts`,
  ...Object.entries(SECOND_SHOP_SETTINGS).map(([key, value]) => `DATA_DIR=.data-e2e-${SECOND_PORT} node --import tsx server/settings/cli.ts ${key} ${JSON.stringify(value)}`),
].join(" && ");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: "list",
  // The journeys run axe on every step (about 1 s each): long ones need more than 30 s.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    // Shoppers in most journeys have chosen their cookies already: the bar stays away. The consent tests
    // start without it (tests/e2e/cookie-consent.spec.ts).
    storageState: { cookies: [{ name: "cookie-preference", value: "1", domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] },
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile/,
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      name: "mobile",
      grep: /@mobile/,
      use: { viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: false },
    },
  ],
  webServer: [
    {
      command: `node --import tsx server/translation/double-cli.ts ${TRANSLATION_DOUBLE_PORT}`,
      url: `http://127.0.0.1:${TRANSLATION_DOUBLE_PORT}/languages`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `rm -rf .data-e2e-${PORT} && LIBRETRANSLATE_URL=http://127.0.0.1:${TRANSLATION_DOUBLE_PORT} ${serverEnv(PORT)} node --import tsx server/main.ts`,
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Warnings and errors only (a server that exits early says why).
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `${secondShopSetup} > /dev/null && ${serverEnv(SECOND_PORT)} node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${SECOND_PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
