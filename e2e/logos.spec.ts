import { test, expect, type Page } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// DESIGN.md rule 9 in Chromium: the worker fetches and checks an agent's logo. One that fails is explained
// on the publisher's dashboard; one that passes is shown on the public page from Explore's own copy.

async function importAgent(page: Page, json: object, handle: string, replacing = false) {
  await page.goto("/dashboard/import");
  await page.getByLabel("agent.json").fill(JSON.stringify(json));
  await page.getByLabel("Publish right away").check();
  await page.getByRole("button", { name: "Import" }).click();
  // Replacing one of the publisher's agents is asked first.
  if (replacing) await page.getByRole("button", { name: "Yes, replace it and publish" }).click();
  // "Imported" the first time, "Updated" when it replaces the agent.
  await expect(page.locator("#import-result").getByRole("heading", { name: new RegExp(`^(Imported|Updated) ${handle}$`) })).toBeVisible();
}

test("a logo that fails a check is explained to its publisher; one that passes is served by Explore, not hotlinked", async ({ page, request }) => {
  test.setTimeout(90_000);
  const handle = `@logo-${Date.now().toString(36)}`;
  // The demo adapters' address (they also serve the demo logos at /files/…), as Explore publishes it.
  const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as {
    adapter: { endpoint: string };
    capabilities: { tool: string }[];
  };
  const origin = new URL(demo.adapter.endpoint).origin;
  const lengths = demo.capabilities.find((c) => c.tool === "convert_length");
  const agentJson = (logo: string) => ({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Logo Lengths", purpose: "Converts lengths, with a logo.", logo },
    adapter: { endpoint: demo.adapter.endpoint },
    capabilities: [{ ...lengths, name: "Logo lengths" }],
  });

  await signInByEmail(page, uniqueEmail("logos"), "/dashboard/import");
  await importAgent(page, agentJson(`${origin}/files/wide-logo.png`), handle);

  // The worker checks it within seconds; the dashboard row warns, and the page says why.
  await page.goto("/dashboard");
  const warning = page.getByRole("link", { name: `Logo: fails a check (${handle})` });
  await expect(async () => {
    await page.reload();
    await expect(warning).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await warning.click();
  await expect(page.getByRole("heading", { name: "Logo and terms: Logo Lengths" })).toBeVisible();
  await expect(page.getByText("The logo is 300 × 200 px; it must be square.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Logo Lengths logo" })).toBeVisible();

  // The public page shows the monogram meanwhile, and nothing from the publisher's server.
  await page.goto(`/agents/${handle}`);
  await expect(page.getByRole("heading", { level: 1, name: "Logo Lengths" })).toBeVisible();
  await expect(page.locator(`img[src*="${origin}"]`)).toHaveCount(0);

  await importAgent(page, agentJson(`${origin}/files/hue-shift-logo.png`), handle, true);
  await page.goto(`/dashboard/agents/${handle}/logo-and-terms`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Passed", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  for (const size of [64, 128, 256]) await expect(page.getByRole("img", { name: `Logo Lengths logo, ${size} px` })).toBeVisible();

  await page.goto(`/agents/${handle}`);
  const logo = page.locator('img[src^="/logos/"]').first();
  await expect(logo).toBeVisible();
  const src = (await logo.getAttribute("src")) ?? "";
  expect(src).toMatch(new RegExp(`^/logos/${handle}/128\\.webp\\?v=[0-9a-f]{16}$`));
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
  await expect(page.locator(`img[src*="${origin}"]`)).toHaveCount(0);

  // Signed out, the copy is public and cached for good under its hash.
  const copy = await request.get(src);
  expect(copy.status()).toBe(200);
  expect(copy.headers()["content-type"]).toBe("image/webp");
  expect(copy.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
