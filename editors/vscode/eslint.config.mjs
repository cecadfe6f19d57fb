// Flat config: typescript-eslint's type-aware recommended rules for the extension sources.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/", "dist/", "node_modules/", "server/"] },
  js.configs.recommended,
  {
    files: ["src/**/*.ts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        // node:test's describe/it return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: "package", name: ["describe", "it"], package: "node:test" }] },
      ],
      "@typescript-eslint/explicit-module-boundary-types": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    // The end-to-end test: Node, plus the functions it evaluates in the workbench page.
    files: ["e2e/**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        document: "readonly",
        NodeFilter: "readonly",
      },
    },
  },
  {
    files: ["scripts/**/*.mjs", "eslint.config.mjs"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly" },
    },
  },
);
