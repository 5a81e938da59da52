import { configDefaults, defineConfig } from "vitest/config";

const roots = "{app,kernel,server,seed,scripts}";
const integrationTests = `${roots}/**/*.integration.test.{ts,tsx}`;

/*
 * Two projects in one run and one worker pool: the integration tests (`*.integration.test.ts`) have a global
 * setup that seeds the demo catalog once for the run, on PGlite and on the real PostgreSQL server when
 * there is one (server/testing/global-setup.ts); the unit tests do without, so running one of them starts
 * no database.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [`${roots}/**/*.test.{ts,tsx}`],
          exclude: [...configDefaults.exclude, integrationTests],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [integrationTests],
          globalSetup: ["server/testing/global-setup.ts"],
        },
      },
    ],
  },
});
