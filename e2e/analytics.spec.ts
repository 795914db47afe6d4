import { readFile } from "node:fs/promises";
import { test, expect, type Page } from "@playwright/test";
import { runFormReady, signInByEmail } from "./helpers";
import { roles } from "./roles/roles";

// The demo publisher runs one of their own demo services, then finds the run in the agent's analytics: counted
// in today's figures, in the chart's data table, and in the CSV download. Other journeys may run the same
// service at the same time, so counts are compared as "at least one more than before".

// scripts/lib/seed-demo.ts imports the demo agents for this publisher.
const DEMO_PUBLISHER_EMAIL = "demo-publisher@explore.localhost";
const HANDLE = "@unit-forge";
const SERVICE = "cap_convert_length";
const today = new Date();
const todayIso = today.toISOString().slice(0, 10);
const todayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(today);

/** Today's runs as the "Runs per day" table shows them (the disclosure opened first). */
async function runsToday(page: Page): Promise<number> {
  const figure = page.getByRole("region", { name: "Runs per day" });
  const disclosure = figure.getByText("Show the figures as a table");
  if ((await figure.locator("details").getAttribute("open")) === null) await disclosure.click();
  const table = figure.getByRole("table", { name: /Runs per day by outcome/ });
  await expect(table).toBeVisible();
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: todayLabel, exact: true }) });
  await expect(row).toHaveCount(1);
  return Number(await row.getByRole("cell").first().textContent());
}

test("the publisher sees a run of their demo service counted in its analytics, its table and its CSV", async ({ page }) => {
  test.setTimeout(90_000);
  await signInByEmail(page, DEMO_PUBLISHER_EMAIL, "/dashboard");
  await page.getByRole("link", { name: `Analytics of ${HANDLE}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Analytics: / })).toBeVisible();
  // Today's runs of the service before ours (a fresh stack may have none yet: the empty state).
  await page.goto(`/dashboard/agents/${HANDLE}/analytics?service=${SERVICE}`);
  const before = (await page.getByText(/^No runs in the last 30 days/).count()) > 0 ? 0 : await runsToday(page);

  await page.goto(`/services/${HANDLE}/${SERVICE}`);
  await runFormReady(page);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.locator("#run-result").getByText("Succeeded")).toBeVisible();

  // The service filter is a plain GET form.
  await page.goto(`/dashboard/agents/${HANDLE}/analytics`);
  await page.getByLabel("Service", { exact: true }).selectOption(SERVICE);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?service=${SERVICE}$`));
  await expect(page.getByText(/ of Length converter from /)).toBeVisible();
  expect(await runsToday(page)).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByRole("region", { name: "Errors by kind" }).getByRole("rowheader", { name: "Timed out" })).toBeVisible();
  const latency = page.getByRole("region", { name: "Latency" });
  await expect(latency).toContainText(/half of the finished runs took about \d/);
  // The stack is fresh, so every finished run of the service is today's: one point per percentile, which a line
  // cannot draw alone; each is shown as a dot (p50 and p95).
  const latencyDots = latency.locator("svg .recharts-line-dot");
  await expect(latencyDots).toHaveCount(2);
  for (const dot of await latencyDots.all()) await expect(dot).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`analytics-unit-forge-${SERVICE}-${todayIso}.csv`);
  const csv = (await readFile(await download.path(), "utf8")).split("\r\n");
  expect(csv[0]).toBe(
    "date_utc,service_id,service_name,runs,succeeded,tool_error,failed,timed_out,payment_required,cancelled,outcome_unknown,running,p50_ms,p95_ms",
  );
  expect(csv.filter((line) => line.length > 0)).toHaveLength(31);
  const todayRow = csv.find((line) => line.startsWith(`${todayIso},${SERVICE},`))?.split(",") ?? [];
  expect(Number(todayRow[3])).toBeGreaterThanOrEqual(before + 1);
  expect(Number(todayRow[4])).toBeGreaterThanOrEqual(1);
  expect(Number(todayRow[12])).toBeGreaterThan(0);
});

test.describe("another publisher", () => {
  test.use({ storageState: roles.publisherB.storageState });

  test("gets no analytics of the demo agent, neither the page nor the CSV; signed out, the CSV asks to sign in", async ({ page, playwright, baseURL }) => {
    const response = await page.goto(`/dashboard/agents/${HANDLE}/analytics`);
    expect(response?.status()).toBe(404);
    const csv = await page.request.get(`/dashboard/agents/${HANDLE}/analytics.csv`);
    expect(csv.status()).toBe(404);
    expect(await csv.text()).not.toContain(SERVICE);
    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const signedOut = await anonymous.get(`/dashboard/agents/${HANDLE}/analytics.csv`);
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.text()).not.toContain(SERVICE);
    await anonymous.dispose();
  });
});
