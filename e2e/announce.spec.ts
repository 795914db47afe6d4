import { test, expect } from "@playwright/test";
import { runFormReady, signInByEmail, uniqueEmail } from "./helpers";

// DESIGN.md rule 2 in Chromium: a publisher's agent names its endpoint as a ${NAME}; it waits for its adapter
// until the adapter announces where it listens with a token made on the dashboard.

test("an endpoint announced with the publisher's token makes a waiting service runnable; without one nothing changes", async ({ page, request }) => {
  // Mail sign-in, an import, a token, two API calls, three pages and a run: past 30 s on a loaded machine.
  test.setTimeout(90_000);
  const handle = `@ruler-${Date.now().toString(36)}`;
  // The demo adapters' address, as Explore publishes it for one of the demo agents.
  const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as {
    adapter: { endpoint: string };
    capabilities: { tool: string }[];
  };
  const adapter = demo.adapter.endpoint;
  const lengths = demo.capabilities.find((c) => c.tool === "convert_length");

  await signInByEmail(page, uniqueEmail("announcer"), "/dashboard/import");
  await page.getByLabel("agent.json").fill(
    JSON.stringify({
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "storage_free",
      agent: { handle, display_name: "Ruler", purpose: "Converts lengths." },
      adapter: { endpoint: "${RULER_ENDPOINT}" },
      capabilities: [{ ...lengths, name: "Ruler lengths" }],
    }),
  );
  await page.getByLabel("Publish right away").check();
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.locator("#import-result").getByRole("heading", { name: `Imported ${handle}` })).toBeVisible();

  const service = `/services/${handle}/cap_convert_length`;
  await page.goto(service);
  await expect(page.getByText(/waiting for its adapter/).first()).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Announce its endpoint of ${handle}` }).click();
  await expect(page.getByRole("heading", { name: "Endpoint: Ruler" })).toBeVisible();
  await expect(page.getByText("Waiting for its adapter")).toBeVisible();
  await page.getByLabel("Name of the new token").fill("e2e adapter");
  await page.getByRole("button", { name: "Make a token" }).click();
  const token = await page.getByLabel("The token").inputValue();
  expect(token).toMatch(/^eat_[A-Za-z0-9_-]{43}$/);

  const url = `/api/v1/agents/${handle.slice(1)}/endpoint`;
  const without = await request.put(url, { data: { endpoint: adapter } });
  expect(without.status()).toBe(401);
  const forged = await request.put(url, { data: { endpoint: adapter }, headers: { authorization: "Bearer eat_forged" } });
  expect(forged.status()).toBe(401);
  await page.goto(service);
  await expect(page.getByText(/waiting for its adapter/).first()).toBeVisible();

  const announced = await request.put(url, { data: { endpoint: adapter }, headers: { authorization: `Bearer ${token}` } });
  expect(announced.status(), await announced.text()).toBe(200);
  expect(await announced.json()).toMatchObject({ endpoint: adapter, tools: expect.arrayContaining(["convert_length"]) });

  await page.goto(service);
  await runFormReady(page);
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.locator("#run-result").getByText("Succeeded")).toBeVisible();
  await page.goto(`/dashboard/agents/${handle}/endpoint`);
  await expect(page.getByText("Announced by its adapter")).toBeVisible();
  await expect(page.getByText(/last used/)).toBeVisible();
});
