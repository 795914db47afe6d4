import { test, expect, type Page } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// The worker (started by e2e/stack.ts) tests the seeded demo services soon after start.

async function reloadUntilVisible(page: Page, text: RegExp | string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

test("a demo service's passing example earns the label, its actual output linked to the expected one (shown once, in the example)", async ({ page }) => {
  await page.goto("/services/@unit-forge/cap_convert_length");
  await reloadUntilVisible(page, /^Sample-tested · passed (just now|\d+ min ago) · \d+\/\d+$/);
  const section = page.getByRole("region", { name: "Sample test" });
  await expect(page.getByRole("region", { name: "Example" }).getByLabel("Expected output", { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Expected output/)).toHaveCount(1);
  await expect(section.getByRole("link", { name: "expected output in the example" })).toHaveAttribute("href", "#showcase");
  await expect(section.getByLabel("Latest actual output")).toContainText("42.16");
  await expect(section.getByText("passed", { exact: true })).toBeVisible();

  // An external action is tested through its dry run only.
  await page.goto("/services/@nudge-reminders/cap_send_reminder");
  await reloadUntilVisible(page, /^Sample-tested · passed/);
  await expect(page.getByRole("region", { name: "Sample test" }).getByLabel("Latest actual output")).toContainText('"dry_run": true');
});

test("the README badge is an SVG that says what the label says, and unknown services have none", async ({ request }) => {
  await expect(async () => {
    const badge = await request.get("/badges/@hue-shift/cap_convert_color.svg");
    expect(badge.status()).toBe(200);
    expect(badge.headers()["content-type"]).toContain("image/svg+xml");
    expect(badge.headers()["cache-control"]).toContain("max-age=300");
    expect(await badge.text()).toMatch(/sample-tested: passed .* · \d+\/\d+/);
  }).toPass({ timeout: 45_000 });
  expect((await request.get("/badges/@hue-shift/cap_nope.svg")).status()).toBe(404);
  expect((await request.get("/badges/@hue-shift/cap_convert_color")).status()).toBe(404);
});

test("a publisher sees why their example fails, and may ask for a test at most once a minute", async ({ page }) => {
  // The first test waits its turn behind the demo network's in the worker's queue.
  test.setTimeout(90_000);
  const handle = `@broken-${Date.now().toString(36)}`;
  await signInByEmail(page, uniqueEmail("publisher"), "/dashboard/import");
  const doc = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Broken Echo", purpose: "Echoes text, from an adapter that is not there." },
    // A loopback port nothing listens on: the test fails without Explore reaching past this machine.
    adapter: { endpoint: "https://127.0.0.1:9/mcp" },
    capabilities: [
      {
        tool: "echo",
        name: "Echo text",
        summary: "Returns the text it is given, unchanged.",
        category: "text.echo",
        limitations: "Plain text only.",
        class: "transformation",
        example: { input: { text: "hi" }, expected_output: { text: "hi" } },
      },
    ],
  };
  await page.getByLabel("agent.json").fill(JSON.stringify(doc, null, 2));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.locator("#import-result").getByRole("heading", { name: `Imported ${handle}` })).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Publish ${handle}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Unpublish ${handle}`, exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Sample tests of Echo text" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sample tests: Echo text" })).toBeVisible();
  await reloadUntilVisible(page, "Example not currently passing");
  const history = page.getByRole("table", { name: /sample tests, newest first/ });
  await expect(history.getByRole("cell", { name: "Failed" }).first()).toBeVisible();
  await expect(history).toContainText("The connection to the adapter at 127.0.0.1:9 failed.");

  const badge = page.getByRole("region", { name: "Badge for your README" });
  await expect(
    badge.getByText(/^\[!\[Echo text: sample test on Explore\]\(http.*\/badges\/@broken-.*\/cap_echo\.svg\)\]\(http.*\/services\/@broken-/),
  ).toBeVisible();
  await expect(
    badge.getByText(/^<a href=".*\/services\/@broken-.*"><img src=".*\/badges\/@broken-.*\/cap_echo\.svg" alt="Echo text: sample test on Explore"><\/a>$/),
  ).toBeVisible();
  await expect(badge.getByRole("img", { name: "Echo text: sample test on Explore" })).toBeVisible();
  await badge.getByRole("button", { name: "Copy Markdown" }).click();
  await expect(badge.getByText(/^(Copied|Could not copy; select the text instead)$/)).toBeVisible();

  await page.getByRole("button", { name: "Test now" }).click();
  await expect(page.getByText("Test queued")).toBeVisible();
  await page.getByRole("button", { name: "Test now" }).click();
  await expect(page.getByText(/less than a minute ago/)).toBeVisible();
});
