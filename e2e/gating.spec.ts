import { expect, test } from "@playwright/test";
import { sharedAnswer, signInByEmail, uniqueEmail } from "./helpers";
import { varnishOrigin } from "./ports";
import { roles } from "./roles/roles";

// 18+ gating, data rules and reports, end to end in Chromium.

const wine = "/services/@cellar-pairings/cap_pair_wine";

test("an adult turns 18+ on and finds a mature service, sent privately and marked adult", async ({ page, request }) => {
  await signInByEmail(page, uniqueEmail("adult"), "/settings");
  await page.getByLabel("Date of birth").fill("1988-08-08");
  await page.getByRole("button", { name: "Save age settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // 18+ off: told how many are hidden, never which.
  await page.goto("/?q=wine");
  await expect(page.getByText(/\d+ results? hidden by your 18\+ setting/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Wine pairing" })).toHaveCount(0);
  expect((await page.request.get(wine)).status()).toBe(404);

  await page.goto("/settings");
  await page.getByLabel("Show 18+ services").check();
  await page.getByRole("button", { name: "Save age settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "18+ services are shown" })).toBeVisible();

  await page.goto("/?q=wine");
  await expect(page.getByText(/hidden by your 18\+ setting/)).toHaveCount(0);
  await page.getByRole("link", { name: "Wine pairing" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Wine pairing" })).toBeVisible();
  await expect(page.getByText(/Rated 18\+: alcohol/i).first()).toBeVisible();
  await expect(page.locator('meta[name="rating"]')).toHaveAttribute("content", "adult");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // A neutral share image: link previews must not describe a mature listing.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\/neutral$/);

  const response = await page.request.get(wine);
  expect(response.status()).toBe(200);
  const cacheControl = response.headers()["cache-control"] ?? "";
  expect(cacheControl).toContain("private");
  expect(cacheControl).toContain("no-store");
  // Varnish never stores the adult's answers: theirs passes through it, and a signed-out visitor of the same
  // URLs gets their own, also when it comes from the cache, without the mature listing.
  const throughCache = await page.request.get(`${varnishOrigin}${wine}`);
  expect(throughCache.status()).toBe(200);
  expect(throughCache.headers()["x-cache"]).toBe("pass");
  expect((await request.get(`${varnishOrigin}${wine}`)).status()).toBe(404);
  expect((await request.get(wine)).status()).toBe(404);
  expect(await (await request.get("/?q=wine")).text()).not.toContain("Wine pairing");
  expect(await sharedAnswer(request, "/?q=wine")).not.toContain("Wine pairing");
});

test.describe("a minor", () => {
  test.use({ storageState: roles.minor.storageState });

  test("cannot turn 18+ on, nor reach a mature service by its URL", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByLabel("Show 18+ services")).toBeDisabled();
    const response = await page.goto(wine);
    expect(response?.status()).toBe(404);
    await expect(page).not.toHaveTitle(/Wine/);
    await expect(page.getByText("Wine pairing")).toHaveCount(0);
    await page.goto("/?q=wine");
    await expect(page.getByText(/hidden by your 18\+ setting/)).toHaveCount(0);
  });
});

test("stating a birthday that makes you a minor switches 18+ off at once", async ({ page }) => {
  await signInByEmail(page, uniqueEmail("switch"), "/settings");
  await page.getByLabel("Date of birth").fill("1980-01-01");
  await page.getByRole("button", { name: "Save age settings" }).click();
  await expect(page.getByLabel("Show 18+ services")).toBeEnabled();
  await page.getByLabel("Show 18+ services").check();
  await page.getByRole("button", { name: "Save age settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "18+ services are shown" })).toBeVisible();
  expect((await page.request.get(wine)).status()).toBe(200);

  const minorBirthday = new Date();
  minorBirthday.setUTCFullYear(minorBirthday.getUTCFullYear() - 16);
  await page.getByLabel("Date of birth").fill(minorBirthday.toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Save age settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "only for adults" })).toBeVisible();
  await expect(page.getByLabel("Show 18+ services")).not.toBeChecked();
  expect((await page.request.get(wine)).status()).toBe(404);
});

test("data rules filter the results, and each service page says why, rule by rule", async ({ page }) => {
  // Signed out, as a URL filter.
  await page.goto("/?rules=strict");
  await expect(page.getByRole("link", { name: "Current weather" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Text statistics" })).toHaveCount(0);
  await page.goto("/services/@wordsmith-stats/cap_text_statistics?rules=strict");
  await expect(page.getByText("inputs are kept 90 days; your rule allows none")).toBeVisible();
  await expect(page.getByText("inputs or results are used to train models")).toBeVisible();

  // Signed in, saved in settings, then "Matches my data rules".
  await signInByEmail(page, uniqueEmail("rules"), "/settings");
  await page.getByRole("button", { name: "EU processing only" }).click();
  await expect(page.getByRole("status").filter({ hasText: "data rules are saved" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "Matches my data rules" }).click();
  await expect(page).toHaveURL(/rules=mine/);
  await expect(page.getByRole("link", { name: "JSON formatter" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Current weather" })).toHaveCount(0);
  await page.goto("/services/@demo-weather/cap_current_weather");
  await expect(page.getByText("data is processed in US; your rule allows EU countries")).toBeVisible();
});

test("a signed-in user reports a service; an administrator sees it and dismisses it, logged", async ({ browser }) => {
  const reporter = await browser.newContext({ storageState: roles.publisherB.storageState });
  const page = await reporter.newPage();
  await page.goto("/services/@hue-shift/cap_contrast_ratio");
  await page.getByRole("link", { name: "Report this service" }).click();
  await page.getByLabel(/Broken/).check();
  const comment = `It answered nonsense ${Date.now()}`;
  await page.getByLabel("Comment", { exact: true }).fill(comment);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
  // Not an administrator: the queue does not exist.
  expect((await page.goto("/admin"))?.status()).toBe(404);
  await reporter.close();

  const adminContext = await browser.newContext({ storageState: roles.admin.storageState });
  const admin = await adminContext.newPage();
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  const item = admin.getByRole("listitem").filter({ hasText: comment }).last();
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: /Dismiss/ }).click();
  // Dismissed: it leaves the queue, and the decision is in the log.
  await expect(admin.getByText(comment)).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByText(comment)).toHaveCount(0);
  await expect(admin.getByRole("table")).toContainText("dismiss report");
  await adminContext.close();
});
