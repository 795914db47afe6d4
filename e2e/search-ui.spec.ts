import { test, expect, type Page } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// The search page's typo notice, phone filter drawer, skip link and drop-a-filter suggestions; cards with
// their figures; My runs from the account menu; the footer's API reference. Demo services are found by
// their URLs: other specs import agents with the same service names.

const LENGTH = "/services/@unit-forge/cap_convert_length";

const firstResultTop = (page: Page) =>
  page
    .getByRole("region", { name: /services?$/ })
    .getByRole("article")
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);

test("a corrected word is said, and the words as typed are one link away", async ({ page }) => {
  await page.goto("/?q=mortage");
  const notice = page.getByText("Showing results for");
  await expect(notice).toContainText("Showing results for mortgage — search instead for mortage");
  await expect(page.locator('a[href="/services/@loan-lens/cap_loan_payment"]')).toBeVisible();

  await page.getByRole("link", { name: "search instead for mortage" }).click();
  await expect(page).toHaveURL(/\?q=mortage&verbatim=1$/);
  await expect(page.getByRole("heading", { level: 2, name: "0 services" })).toBeVisible();
  await expect(page.getByText("Showing results for")).toHaveCount(0);

  // New words are corrected again, as they are typed.
  await page.getByRole("searchbox", { name: "Words" }).fill("wether");
  await expect(page).toHaveURL(/\?q=wether$/);
  await expect(page.getByText("Showing results for")).toContainText("Showing results for weather — search instead for wether");
});

test("typing on while earlier words are still being searched loses nothing", async ({ page }) => {
  // The page's clock stands still, so the search for "con" comes back after more has been typed and before
  // the pause after the typing has sent the longer words, as on a slow connection.
  await page.clock.install();
  await page.goto("/");
  await page.clock.pauseAt(Date.now() + 60_000);
  const words = page.getByRole("searchbox", { name: "Words" });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/" && url.searchParams.get("q") === "con",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const sent = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === "con");
  await words.pressSequentially("con");
  await page.clock.runFor(1_000);
  await sent;
  await words.pressSequentially("ve");
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Services matching “con”" })).toBeVisible();
  await expect(words).toHaveValue("conve");
  await page.clock.runFor(1_000);
  await expect(page.getByRole("heading", { level: 1, name: "Services matching “conve”" })).toBeVisible();
  await words.pressSequentially("rt");
  await words.press("Enter");
  await expect(page).toHaveURL(/\?q=convert$/);
  await expect(words).toHaveValue("convert");
  await expect(page.locator(`a[href="${LENGTH}"]`)).toBeVisible();
});

test("the results and the filters hydrate as the server drew them, and a filter then changes the page in place", async ({ page }) => {
  // Cards and filter links are client components drawn from the server's words (their times included): a
  // difference on hydration is an error React reports, and it would redraw the page in the browser.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/?q=convert");
  await expect(page.locator(`a[href="${LENGTH}"] mark`, { hasText: "convert" })).toBeVisible();
  await expect(page.getByRole("article").filter({ has: page.locator(`a[href="${LENGTH}"]`) })).toContainText("Free");
  // A mark on this document, which a reload would not keep.
  await page.evaluate(() => (document.documentElement.dataset.stayed = "yes"));
  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("link", { name: /^Transformation \d+$/ }).click();
  await expect(page).toHaveURL(/[?&]class=transformation/);
  await expect(filters.getByRole("link", { name: /^Transformation \(chosen; choose again to remove\) \d+$/ })).toHaveAttribute("aria-current", "true");
  // The same document: the link was handled by the hydrated page, not by a reload.
  await expect(page.locator("html")).toHaveAttribute("data-stayed", "yes");
  expect(errors).toEqual([]);
});

test("one search box on the home page, the header's everywhere else", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("searchbox")).toHaveCount(1);
  await page.goto("/about");
  await expect(page.getByRole("searchbox", { name: "Search services" })).toBeVisible();
});

test("the first Tab stop after the header skips to the results", async ({ page }) => {
  await page.goto("/?q=convert");
  const skip = page.getByRole("link", { name: "Skip to results" });
  for (let i = 0; i < 15; i += 1) {
    await page.keyboard.press("Tab");
    const outside = await page.evaluate(() => {
      const el = document.activeElement;
      return el !== null && el !== document.body && !el.closest("header") && el.textContent !== "Skip to content";
    });
    if (outside) break;
  }
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  // Past the words, the sort and every filter: the next stop is in the results.
  expect(await page.evaluate(() => document.activeElement?.closest("#results") !== null)).toBe(true);
});

test("an empty result offers to drop one filter at a time, with what each would give", async ({ page }) => {
  await page.goto("/?q=weather&class=external_action");
  await expect(page.getByText("No services match “weather” with these filters.")).toBeVisible();
  const drop = page.getByRole("link", { name: "Drop “External action”" });
  await expect(drop.locator("xpath=..")).toContainText(/\(\d+ services?\)/);
  await drop.click();
  await expect(page).toHaveURL(/\?q=weather$/);
  await expect(page.locator('a[href="/services/@demo-weather/cap_current_weather"]')).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters are a drawer with a count of what is chosen, and the first result is on the first screen", async ({ page }) => {
    await page.goto("/");
    const filters = page.getByRole("complementary", { name: "Filters" });
    const drawer = filters.locator("summary", { hasText: /^Filters/ });
    await expect(drawer).toBeVisible();
    await expect(drawer).not.toContainText("chosen");
    const paid = filters.getByRole("link", { name: /^Paid \d+$/ });
    await expect(paid).toBeHidden();
    expect(await firstResultTop(page)).toBeLessThan(844);

    await drawer.click();
    await expect(paid).toBeVisible();
    // Long facet lists end in a "show more" of their own, closed while the drawer is open.
    await expect(filters.getByText(/^Show \d+ more$/).first()).toBeVisible();
    await paid.click();
    await expect(page).toHaveURL(/[?&]price=paid/);
    await expect(drawer).toContainText("1 chosen");
    // Still open after the choice; a single-choice facet keeps its other values in view.
    await expect(filters.locator('a[aria-current="true"]', { hasText: "Paid" })).toBeVisible();
    await expect(filters.getByRole("link", { name: /^Free only \d+$/ })).toBeVisible();
    await filters.getByRole("link", { name: /^External action \d+$/ }).click();
    await expect(drawer).toContainText("2 chosen");
  });
});

test("a card shows its price, runs and sample test; My runs is in the account menu, with filters and Run again", async ({ page }) => {
  // A run, then waiting for the worker's first sample test of the demo network, then My runs.
  test.setTimeout(90_000);
  await signInByEmail(page, uniqueEmail("cards"), LENGTH);
  await expect(page.getByRole("heading", { name: "Run it" })).toBeVisible();
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.locator("#run-result").getByText("Succeeded")).toBeVisible();

  const card = page.getByRole("article").filter({ has: page.locator(`a[href="${LENGTH}"]`) });
  await expect(async () => {
    await page.goto("/?q=length");
    await expect(card).toContainText("Free 1,000/day", { timeout: 1_000 });
    await expect(card).toContainText(/\d+ runs? in 30 days/, { timeout: 1_000 });
    await expect(card).toContainText(/Sample-tested (just now|\d+ min ago)/, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(card).not.toContainText("General");
  await expect(card.getByText("@unit-forge")).toHaveCSS("white-space", "nowrap");

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My runs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My runs" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Length converter" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: /^Run again/ })).toHaveAttribute("href", `${LENGTH}#run`);

  await page.getByLabel("Status", { exact: true }).selectOption("tool_error");
  await page.getByRole("button", { name: "Show runs" }).click();
  await expect(page).toHaveURL(/status=tool_error/);
  await expect(page.getByText("No runs match these filters.")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("succeeded");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Length converter (@unit-forge)" });
  await page.getByRole("button", { name: "Show runs" }).click();
  await expect(page).toHaveURL(/status=succeeded&service=%40unit-forge%2Fcap_convert_length/);
  await expect(row).toHaveCount(1);

  // On a phone the runs are cards, each with its Run again.
  await page.setViewportSize({ width: 390, height: 844 });
  const runs = page.getByRole("list", { name: "Your runs" });
  await expect(runs).toBeVisible();
  await expect(page.getByRole("table")).toBeHidden();
  await runs
    .getByRole("link", { name: /^Run again/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/services\/@unit-forge\/cap_convert_length#run$/);
  await expect(page.getByRole("heading", { name: "Run it" })).toBeVisible();
});

test("the footer leads to the API reference, rendered from the OpenAPI document, and to about, terms and privacy", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "GET /services/{handle}/{capability_id}", exact: true })).toBeVisible();
  const search = page.getByRole("region", { name: "GET /services", exact: true });
  await expect(search.getByRole("row").filter({ hasText: "sort_by" })).toContainText("query");
  await expect(search).toContainText("429");
  for (const [link, heading] of [
    ["About", "About Explore"],
    ["Terms", "Terms of use"],
    ["Privacy", "Privacy"],
  ] as const) {
    await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("This is a demo network");
  }
});
