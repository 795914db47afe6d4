import { test, expect } from "@playwright/test";
import { expectWithin, sharedAnswer, signInByEmail, throughVarnish, uniqueEmail } from "./helpers";

function agentJson(handle: string, rating: "mature" | "general") {
  return JSON.stringify(
    {
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "storage_free",
      agent: { handle, display_name: "Tide Tables", purpose: "Tells tide times for harbours." },
      adapter: { endpoint: "https://tides.example.com/mcp" },
      capabilities: [
        {
          tool: "tide_times",
          name: "Tide times",
          summary: "High and low tide times for a harbour on a given day.",
          category: "travel.tides",
          limitations: "Harbours in the bundled list only; no currents.",
          class: "read_only",
          content_rating: rating,
        },
      ],
    },
    null,
    2,
  );
}

test("a publisher imports a document with an error, sees it at its path, fixes it, publishes and finds the service", async ({ page, request }) => {
  const handle = `@tides-${Date.now().toString(36)}`;
  await signInByEmail(page, uniqueEmail("publisher"), "/dashboard/import");
  await expect(page).toHaveURL(/\/dashboard\/import$/);

  const document = page.getByLabel("agent.json");
  await document.fill(agentJson(handle, "mature"));
  await page.getByRole("button", { name: "Import" }).click();
  const result = page.locator("#import-result");
  await expect(result).toContainText("/capabilities/0/mature_reasons");
  await expect(result).toContainText("at least one reason");
  // Nothing is lost: the document is still there to fix.
  await expect(document).toHaveValue(/"content_rating": "mature"/);

  await document.fill(agentJson(handle, "general"));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(result.getByRole("heading", { name: `Imported ${handle}` })).toBeVisible();

  // Not published yet: not on Explore for anyone else (its publisher may preview it: DESIGN.md "Visibility").
  const servicePath = `/services/${handle}/cap_tide_times`;
  expect((await request.get(servicePath)).status()).toBe(404);
  // Its publisher previews it, told that nobody else sees it yet.
  await page.goto(servicePath);
  await expect(page.getByRole("note").filter({ hasText: "Preview" })).toContainText("Only you see this page: the agent is not published.");
  // Signed-out visitors share answers (Varnish): this search is now stored without the service.
  const searchPath = "/?q=tide+times";
  const listed = handle.slice(1); // in the result's link, whatever else matches
  expect(await sharedAnswer(request, searchPath)).not.toContain(listed);

  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Publish ${handle}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Unpublish ${handle}`, exact: true })).toBeVisible();
  const published = Date.now();

  await page.goto("/");
  await page.getByRole("link", { name: "Tide times" }).click();
  await expect(page).toHaveURL(new RegExp(`/services/(@|%40)${handle.slice(1)}/cap_tide_times$`));
  await expect(page.getByRole("heading", { level: 1, name: "Tide times" })).toBeVisible();
  await expect(page.getByText("Harbours in the bundled list only; no currents.")).toBeVisible();
  // Publishing shows it to signed-out visitors, and Varnish forgets its stored search within 2 s.
  expect(await (await request.get(searchPath)).text()).toContain(listed);
  await expectWithin(
    published,
    2_000,
    "the stored search shows it",
    () => throughVarnish(request, searchPath),
    (body) => body.includes(listed),
  );
  expect((await request.get(servicePath)).status()).toBe(200);

  // And unpublishing takes it away from them at once.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Unpublish ${handle}`, exact: true }).click();
  // Asked first: nothing changes until the publisher confirms.
  await expect(page.getByRole("alertdialog")).toContainText(`Unpublish ${handle}? Its pages leave Explore for everyone else at once`);
  await page.getByRole("button", { name: `Yes, unpublish ${handle}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Publish ${handle}`, exact: true })).toBeVisible();
  const unpublished = Date.now();
  expect((await request.get(servicePath)).status()).toBe(404);
  expect(await (await request.get(searchPath)).text()).not.toContain(listed);
  await expectWithin(
    unpublished,
    2_000,
    "the stored search no longer shows it",
    () => throughVarnish(request, searchPath),
    (body) => !body.includes(listed),
  );
});

test("importing a document over a published agent asks first, like the editor, and replaces it only when confirmed", async ({ page, request }) => {
  const handle = `@tides-${Date.now().toString(36)}r`;
  await signInByEmail(page, uniqueEmail("replacer"), "/dashboard/import");
  const document = page.getByLabel("agent.json");
  const result = page.locator("#import-result");
  await document.fill(agentJson(handle, "general"));
  await page.getByLabel("Publish right away").check();
  await page.getByRole("button", { name: "Import" }).click();
  await expect(result.getByRole("heading", { name: `Imported ${handle}` })).toBeVisible();

  const renamed = agentJson(handle, "general").replace('"Tide Tables"', '"Tide Tables, renamed"');
  await document.fill(renamed);
  await page.getByRole("button", { name: "Import" }).click();
  const question = result.getByRole("alert");
  await expect(question).toContainText(`You already have an agent ${handle} (published, with its services on Explore). Importing this document replaces it`);
  // Nothing changed yet, for anyone.
  expect(await (await request.get(`/agents/${handle}`)).text()).not.toContain("Tide Tables, renamed");
  await expect(document).toHaveValue(/Tide Tables, renamed/);
  await question.getByRole("button", { name: "Yes, replace it", exact: true }).click();
  await expect(result.getByRole("heading", { name: `Updated ${handle}` })).toBeVisible();
  // Replaced as it was (published): "Publish right away" was not asked for, and publishing is not undone.
  await expect(result).toContainText("It is published");
  expect(await (await request.get(`/agents/${handle}`)).text()).toContain("Tide Tables, renamed");
});

test("the demo network is on Explore and a mature demo listing is shown to nobody yet", async ({ page, request }) => {
  await page.goto("/agents/@demo-homes");
  await expect(page.getByRole("heading", { level: 1, name: "Demo Homes" })).toBeVisible();
  await page.getByRole("link", { name: "Home search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Home search" })).toBeVisible();
  expect((await request.get("/services/@cellar-pairings/cap_pair_wine")).status()).toBe(404);
});
