import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { roomZones } from "./lib/rooms.mjs";

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
  {
    // lib/'s rooms point one way (lib/rooms.mjs): a room imports only rooms listed before it. Tests may reach anywhere.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "lib/testing/**"],
    rules: { "import/no-restricted-paths": ["error", { zones: roomZones() }] },
  },
  globalIgnores([".next/**", "dist/**", "generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"]),
]);
