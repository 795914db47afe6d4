import { test, expect } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectWithin, sharedAnswer, throughVarnish } from "./helpers";

// The publisher CLI, run as a publisher runs it: `explore validate` and `explore import`.
const root = path.resolve(import.meta.dirname, "..");
// Made in the worker that runs the tests (a file's top level also runs where the tests are listed).
let dir = "";
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "explore-cli-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

function explore(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, "bin/explore.mjs"), ...args], { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

function agentFile(handle: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "durable",
    agent: { handle, display_name: "CLI Weather", purpose: "Tells the weather for a city." },
    adapter: { endpoint: "https://weather.example.com/mcp" },
    capabilities: [
      {
        tool: "forecast_today",
        name: "Forecast today",
        summary: "Today's forecast for a city: temperature range and rain chance.",
        category: "weather.forecast",
        limitations: "Cities only; no marine forecasts.",
        class: "read_only",
        ...overrides,
      },
    ],
  });
}

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

test("validate: ok exits 0, errors name their path and exit 1, unreadable exits 2", async () => {
  const good = file("good.json", agentFile("@cli-good"));
  const bad = file("bad.json", agentFile("@cli-bad", { content_rating: "mature", class: "sometimes" }));

  const ok = await explore("validate", good);
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain(`${good}: ok`);

  const invalid = await explore("validate", good, bad);
  expect(invalid.code).toBe(1);
  expect(invalid.stdout).toContain("/capabilities/0/class");

  const json = await explore("validate", "--json", bad);
  expect(json.code).toBe(1);
  const report = JSON.parse(json.stdout.trim());
  expect(report).toMatchObject({ file: bad, valid: false });
  expect(report.errors.some((e: { path: string }) => e.path === "/capabilities/0/class")).toBe(true);

  expect((await explore("validate", path.join(dir, "missing.json"))).code).toBe(2);
  expect((await explore("validate")).code).toBe(2);
  expect((await explore("validate", "--frobnicate", good)).code).toBe(2);
});

test("--help: explore and each command print their usage and exit 0, without the database", async () => {
  // The commands that need the database start it through scripts/with-db.ts; their usage must not wait for it.
  test.setTimeout(60_000);
  const top = await explore("--help");
  expect(top).toMatchObject({ code: 0, stderr: "" });
  expect(top.stdout).toMatch(/^usage: explore <command>/);
  for (const command of ["validate", "import", "stripe-event", "announce"]) {
    const answer = await explore(command, "--help");
    expect(answer, command).toMatchObject({ code: 0, stderr: "" });
    expect(answer.stdout).toMatch(new RegExp(`^usage: explore ${command} `));
  }
});

test("import: publishes for the owner, then the service is on Explore; someone else's handle is refused", async ({ page, request }) => {
  // Four CLI processes, each starting tsx and a database client: seconds apiece on a busy two-core machine.
  test.setTimeout(90_000);
  const handle = `@cli-weather-${Date.now().toString(36)}`;
  const doc = file("weather.json", agentFile(handle));
  // A search signed-out visitors share (Varnish), stored before the import.
  const searchPath = "/?q=forecast+today";
  expect(await sharedAnswer(request, searchPath)).not.toContain(handle.slice(1));

  const imported = await explore("import", doc, "--owner", "cli-owner@example.com");
  const committed = Date.now();
  expect(imported.stderr).toBe("");
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain(`published ${handle}`);

  await page.goto(`/services/${handle}/cap_forecast_today`);
  await expect(page.getByRole("heading", { level: 1, name: "Forecast today" })).toBeVisible();
  // The import ran in another process; the web server heard of it, and Varnish forgets its stored search within 2 s.
  expect(await (await request.get(searchPath)).text()).toContain(handle.slice(1));
  await expectWithin(
    committed,
    2_000,
    "the stored search shows the import",
    () => throughVarnish(request, searchPath),
    (body) => body.includes(handle.slice(1)),
  );

  const refused = await explore("import", doc, "--owner", "someone-else@example.com");
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("/agent/handle");

  const invalid = await explore("import", file("invalid.json", "{ not json"), "--owner", "cli-owner@example.com");
  expect(invalid.code).toBe(1);
  expect(invalid.stderr).toMatch(/line 1, column/);

  expect((await explore("import", doc)).code).toBe(2);
});
