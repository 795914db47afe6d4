import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Next's recommended rules (React, hooks, accessibility, Core Web Vitals) and typescript-eslint's; `npm test`
// runs it with --max-warnings 0.
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // A leading underscore marks what is left out on purpose (`const { secret: _secret, ...rest } = …`).
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      // A callback that may run before the variable's one assignment needs it declared first.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  globalIgnores([".next/**", "dist/**", "generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"]),
]);
