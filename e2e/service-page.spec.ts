import { test, expect } from "@playwright/test";

// A listing tells the whole story: every section of a demo service with plans, an example and terms.

test("a service page shows every section from the capability's resolved fields", async ({ page }) => {
  await page.goto("/services/@demo-homes/cap_area_market_stats");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByText("by Demo Homes @demo-homes")).toBeVisible();
  const facts = main.getByRole("list", { name: "Facts" }).first();
  await expect(facts.getByText("Read-only")).toBeVisible();
  await expect(facts.getByText(/^Rated General/)).toBeVisible();
  await expect(facts.getByText(/^Version /)).toBeVisible();

  // What it does and what it does not do, side by side.
  await expect(main.getByRole("heading", { level: 2, name: "What it does", exact: true })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "What it does not do" })).toBeVisible();

  // The showcase, with copyable JSON.
  await expect(main.getByRole("heading", { level: 2, name: "Example" })).toBeVisible();
  await expect(main.getByLabel("Example input")).toContainText("{");
  await expect(main.getByRole("button", { name: "Copy example input" })).toBeVisible();

  // Data handling as a label a non-lawyer reads.
  const data = main.getByRole("region", { name: "How it handles data" });
  await expect(data.getByText("Your inputs")).toBeVisible();
  await expect(data.getByText("Used for training")).toBeVisible();
  await expect(data.getByText("Processed in")).toBeVisible();

  // Plans: one card each, in words (never the plan ID), the extra fields as label and value; signed out, the paid one
  // asks to sign in first (its payment link carries the payer's pseudonymous ID: e2e/payments.spec.ts).
  const plans = main.getByRole("region", { name: "Plans and prices" });
  await expect(plans.getByRole("heading", { level: 3, name: /^Free/ })).toBeVisible();
  await expect(plans.getByRole("heading", { level: 3, name: "$9 a month", exact: true })).toBeVisible();
  await expect(plans.getByText("pro_monthly")).toHaveCount(0);
  await expect(plans.getByText("Calls per day")).toBeVisible();
  await expect(plans.getByRole("link", { name: "Pay at the provider" })).toHaveCount(0);
  await expect(plans.getByRole("link", { name: "Sign in to pay" })).toHaveAttribute(
    "href",
    "/sign-in?callbackUrl=%2Fservices%2F%40demo-homes%2Fcap_area_market_stats",
  );

  // Terms with their fingerprint, repeating, schemas collapsed, the provider and its other services.
  const terms = main.getByRole("region", { name: "Terms" });
  await expect(terms.getByText(/SHA-256/)).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "Running it again" })).toBeVisible();
  const inputSchema = main.getByText("Input schema", { exact: true });
  await expect(inputSchema).toBeVisible();
  await expect(main.getByLabel("Input schema", { exact: true })).toBeHidden();
  await inputSchema.click();
  await expect(main.getByLabel("Input schema", { exact: true })).toBeVisible();
  const provider = main.getByRole("region", { name: "About the provider" });
  await expect(provider.getByRole("heading", { level: 3, name: "Demo Homes", exact: true })).toBeVisible();
  await expect(provider.getByRole("link", { name: "Home search" })).toBeVisible();
});

test("an external action says what it does outside Explore and how effects are handled", async ({ page }) => {
  await page.goto("/services/@nudge-reminders/cap_send_reminder");
  const outside = page.getByRole("region", { name: "What it does outside Explore" });
  await expect(outside.getByText("Sends messages.")).toBeVisible();
  await expect(outside.getByText(/dry run/i)).toBeVisible();
  await expect(outside.getByText(/cancel/i)).toBeVisible();
});

test("a service page carries its canonical URL, share image and structured data", async ({ page, request }) => {
  await page.goto("/services/@demo-homes/cap_get_home");
  await expect(page).toHaveTitle("Home details by Demo Homes · Explore");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/@demo-homes\/cap_get_home$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "Service", name: "Home details", provider: { name: "Demo Homes" } });
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBeTruthy();
  const path = new URL(image ?? "").pathname + new URL(image ?? "").search;
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("sitemap.xml and robots.txt list only public listings", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/services/@demo-homes/cap_get_home");
  expect(sitemap).toContain("/agents/@demo-homes");
  expect(sitemap).not.toContain("cellar-pairings");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  expect(robots).toContain("Disallow: /dashboard");
});
