import { defineConfig, devices } from "@playwright/test";
import { e2ePort as port, varnishPort } from "./e2e/ports";

// End-to-end tests run in Debian's Chromium (Playwright cannot download its own browser here)
// against the production server (deploy/web.sh, Next's standalone server), started with its database, demo adapters and SMTP sink by e2e/stack.ts.
// Varnish in front of two standalone web instances (e2e/topology-stack.ts) on varnishPort.
/** Run in front of Varnish as well as directly: the leak suite, the malformed-request suite, and the topology's own. */
const throughVarnish = ["**/leak.spec.ts", "**/malformed-requests.spec.ts", "**/production-topology.spec.ts"];
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      // Without these Chromium keeps calling home, and this machine's closed network refuses it.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    // Signs each role in once and saves its storage state (e2e/roles.setup.ts, e2e/roles/roles.ts).
    { name: "setup", testMatch: "**/*.setup.ts", use: { ...devices["Desktop Chrome"] } },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"], testIgnore: "**/production-topology.spec.ts" },
    {
      name: "varnish",
      testMatch: throughVarnish,
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${varnishPort}` },
      dependencies: ["setup"],
    },
  ],
  webServer: [
    {
      command: `tsx --conditions=react-server e2e/stack.ts --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `tsx e2e/topology-stack.ts --port ${varnishPort}`,
      url: `http://127.0.0.1:${varnishPort}/api/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
