import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside a React server bundle; in unit tests the guard has nothing to guard.
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // No test reaches past loopback: Redocly's CLI (lib/edges/api/openapi.test.ts) neither reports telemetry (its
    // config says so too) nor looks for updates.
    env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
});
