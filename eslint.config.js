import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "dist-*/**",
      "data/**",
      ".tmp/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "content/library/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The house layering: shared depends on nothing of ours; client and server never import each other.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/shared",
              from: ["./src/server", "./src/client"],
              message: "shared/ imports nothing of ours",
            },
            { target: "./src/client", from: "./src/server", message: "the client never imports server code" },
            { target: "./src/server", from: "./src/client", message: "the server never imports client code" },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.*"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
