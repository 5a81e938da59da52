import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Client code may use the server's types, never its runtime (DESIGN §3). Tables are left out, so that
 * `noTables` refuses their types too (a type import matching this pattern would be allowed whatever else
 * matches).
 */
const serverRuntime = {
  regex: "(^|/)server/(?!(.*/)?tables$|db/schema$|db/columns$)|\\.server(\\.ts)?$",
  allowTypeImports: true,
  message: "Client code must not import server code; import types with `import type`.",
};

/**
 * The kernel imports only itself and pure packages (DESIGN §3): nothing of the project's other folders,
 * type imports included, and no React, router or Node API.
 */
const kernelOnly = {
  files: ["kernel/**/*.ts"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["**/app/**", "**/server/**", "**/seed/**", "**/bench/**", "**/scripts/**", "**/tests/**", "~/**"],
            message: "The kernel imports only kernel modules and packages.",
          },
          { regex: "^(node:|react(-dom|-router)?(/|$)|hono(/|$))", message: "The kernel is pure: no Node, React, router or server API." },
        ],
      },
    ],
  },
};

/** Tables are the domains' own business: the UI, route modules included, works with the domains' types. */
const noTables = {
  group: ["**/tables", "**/db/schema", "**/db/columns"],
  message: "UI code never uses tables or their types: import the domain's types (server/<domain>/types.ts).",
};

/** The server, the seed import and the benchmarks never import the storefront UI (DESIGN §3). */
const noApp = {
  group: ["**/app/**", "~/**"],
  message: "Only the storefront imports app/: move what both sides need into kernel/.",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "tmp/", "test-results/", "playwright-report/", ".data*/", "seed/demo-assets/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  kernelOnly,
  {
    files: ["server/**/*.ts", "seed/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noApp] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noTables] }] },
  },
  {
    // Client code: all of app/ but route modules (React Router strips their loaders and actions from the
    // client bundle) and *.server files. Features, ui/ and lib/ add their own rules below.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/root.tsx", "app/routes.ts", "app/**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noTables, serverRuntime] }] },
  },
  {
    // Features: no server runtime, no reaching into other features.
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            noTables,
            serverRuntime,
            { regex: "^\\.\\./(?!\\.\\.)[^/]+/", message: "Features do not import each other; compose them in a route." },
          ],
        },
      ],
    },
  },
  {
    // Shared UI and client helpers sit below features.
    files: ["app/ui/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [noTables, serverRuntime, { group: ["**/features/**"], message: "ui/ and lib/ sit below features." }] },
      ],
    },
  },
);
