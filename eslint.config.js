import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Client code may use the server's types, never its runtime (DESIGN §3). */
const serverRuntime = {
  group: ["**/server/**", "**/*.server", "**/*.server.ts"],
  allowTypeImports: true,
  message: "Client code must not import server code; import types with `import type`.",
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
  {
    // Features: no server runtime, no reaching into other features.
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
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
        { patterns: [serverRuntime, { group: ["**/features/**"], message: "ui/ and lib/ sit below features." }] },
      ],
    },
  },
);
