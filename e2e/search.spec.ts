import { test, expect } from "@playwright/test";

// Searching and filtering the demo network from the home page, with and without JavaScript.
// Demo services are found by their URLs: other specs import agents with the same service names.

test("typing searches at once, tolerates a typo, marks matches, and keeps the state in the URL", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Agent services" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Words" }).fill("forecast");
  await expect(page).toHaveURL(/\?q=forecast$/);
  await expect(page.getByRole("heading", { level: 1, name: "Services matching “forecast”" })).toBeVisible();
  await expect(page.locator('a[href="/services/@demo-weather/cap_weather_forecast"]')).toBeVisible();
  await expect(page.locator("mark", { hasText: "forecast" }).first()).toBeVisible();

  // A typo still finds the weather services.
  await page.getByRole("searchbox", { name: "Words" }).fill("wether");
  await expect(page).toHaveURL(/\?q=wether$/);
  await expect(page.locator('a[href="/services/@demo-weather/cap_current_weather"]')).toBeVisible();

  // The URL alone brings the same page back.
  await page.goto("/?q=wether");
  await expect(page.getByRole("searchbox", { name: "Words" })).toHaveValue("wether");
  await expect(page.locator('a[href="/services/@demo-weather/cap_current_weather"]')).toBeVisible();
});

test("facets narrow the results with live counts, and chosen filters can be removed", async ({ page }) => {
  await page.goto("/");
  const filters = page.getByRole("complementary", { name: "Filters" });
  const paid = filters.getByRole("link", { name: /^Paid \d+$/ });
  const paidCount = Number((await paid.innerText()).match(/(\d+)\s*$/)?.[1]);
  expect(paidCount).toBeGreaterThan(0);
  await paid.click();
  await expect(page).toHaveURL(/[?&]price=paid/);
  await expect(page.getByRole("heading", { level: 2, name: `${paidCount} service${paidCount === 1 ? "" : "s"}` })).toBeVisible();
  await expect(page.locator('a[href="/services/@demo-homes/cap_get_home"]')).toBeVisible();
  await expect(page.locator('a[href="/services/@demo-weather/cap_current_weather"]')).toHaveCount(0);
  // A single-choice facet keeps its other values in view, each with what switching to it would give.
  await expect(filters.getByRole("link", { name: /^Free only \d+$/ })).toBeVisible();

  // A second facet narrows further; its count said how many would be left.
  const external = filters.getByRole("link", { name: /^External action \d+$/ });
  const externalCount = Number((await external.innerText()).match(/(\d+)\s*$/)?.[1]);
  await external.click();
  await expect(page).toHaveURL(/class=external_action/);
  await expect(page.getByRole("heading", { level: 2, name: `${externalCount} service${externalCount === 1 ? "" : "s"}` })).toBeVisible();
  await expect(page.locator('a[href="/services/@nudge-reminders/cap_send_reminder"]')).toBeVisible();

  // Removing a chosen filter from the chips brings its results back.
  await page.getByRole("list", { name: "Chosen filters" }).getByRole("link", { name: /Paid/ }).click();
  await expect(page).not.toHaveURL(/price=paid/);
  await expect(page).toHaveURL(/class=external_action/);

  // Data handling and sorting are in the URL too.
  await page.goto("/?data=no_training&sort=name");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("name");
  await expect(page.getByRole("list", { name: "Chosen filters" }).getByRole("link", { name: /Not used for training/ })).toBeVisible();
});

test("an empty result says what to do next", async ({ page }) => {
  await page.goto("/?q=zzqqxxnothing&price=paid");
  await expect(page.getByText("No services match “zzqqxxnothing” with these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Search all services for “zzqqxxnothing”" }).click();
  await expect(page).toHaveURL(/\?q=zzqqxxnothing$/);
  await page.getByRole("link", { name: "Browse every service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent services" })).toBeVisible();
});

test("mature listings are neither found nor counted for a signed-out visitor", async ({ page }) => {
  await page.goto("/?q=wine");
  await expect(page.getByRole("link", { name: "Wine pairing" })).toHaveCount(0);
  await page.goto("/?category=wine");
  await expect(page.getByRole("heading", { level: 2, name: "0 services" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form is a plain GET form and the facets are links", async ({ page }) => {
    await page.goto("/?price=free");
    await page.getByRole("searchbox", { name: "Words" }).fill("convert");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("name");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=convert/);
    await expect(page).toHaveURL(/price=free/);
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.locator('a[href="/services/@unit-forge/cap_convert_length"]')).toBeVisible();
    await page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("link", { name: /^Transformation \d+$/ })
      .click();
    await expect(page).toHaveURL(/class=transformation/);
  });
});
