import { test, expect, type Page } from "@playwright/test";
import { runFormReady, signInByEmail, uniqueEmail } from "./helpers";

// A third-party MCP server: the reference server @modelcontextprotocol/server-everything, started by
// e2e/stack.ts with its Streamable HTTP transport on loopback and imported as the agent @e2e-everything.

const base = "/services/@e2e-everything";
const result = (page: Page) => page.locator("#run-result");

test.beforeEach(async ({ page }) => {
  await signInByEmail(page, uniqueEmail("third-party"), `${base}/cap_echo`);
  await expect(page.getByRole("heading", { name: "Run it" })).toBeVisible();
});

test("echo: the reference server's answer comes back", async ({ page }) => {
  await expect(page.locator("#run_message")).toHaveValue("hello from Explore");
  await page.locator("#run_message").fill("Ping from Playwright");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByText("Succeeded")).toBeVisible();
  await expect(result(page).getByRole("group", { name: "Answer" })).toContainText("Echo: Ping from Playwright");
});

test("add: two numbers typed into the generated form", async ({ page }) => {
  await page.goto(`${base}/cap_get_sum`);
  await page.locator("#run_a").fill("19");
  await page.locator("#run_b").fill("23");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByRole("group", { name: "Answer" })).toContainText("The sum of 19 and 23 is 42.");
});

test("a long operation streams its progress and the elapsed time", async ({ page }) => {
  await page.goto(`${base}/cap_long_operation`);
  await runFormReady(page);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByText(/Running… \d+\.\d s/)).toBeVisible();
  await expect(page.getByText(/Progress: [1-3] of 4/)).toBeVisible();
  await expect(result(page).getByText("Succeeded")).toBeVisible({ timeout: 15_000 });
  await expect(result(page)).toContainText("Long running operation completed");
});

test("image content is shown", async ({ page }) => {
  await page.goto(`${base}/cap_tiny_image`);
  await runFormReady(page);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByRole("img", { name: /Image returned by the service \(image\/png\)/ })).toBeVisible();
});
