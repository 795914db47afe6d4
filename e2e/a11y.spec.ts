import { test, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { roles } from "./roles/roles";

// No serious or critical axe violations on the public pages, light and dark, desktop and 360 px;
// everything reachable by keyboard with a visible focus ring.

const pages = [
  ["home", "/"],
  ["search", "/?q=weather&price=free"],
  ["service", "/services/@demo-homes/cap_area_market_stats"],
  ["external action", "/services/@nudge-reminders/cap_send_reminder"],
  ["agent", "/agents/@demo-homes"],
  ["typo notice", "/?q=mortage"],
  ["empty result", "/?q=weather&class=external_action"],
  ["API reference", "/docs/api"],
  ["about", "/about"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["board", "/board"],
  ["directory", "/directory"],
] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1280, 360]) {
    test.describe(`${scheme}, ${width}px`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 800 } });
      for (const [name, path] of pages) {
        test(`${name} page has no serious axe violations`, async ({ page }) => {
          await page.goto(path);
          await expect(page.getByRole("main")).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
          // Nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        });
      }
    });
  }
}

// Lighthouse's heading-order audit (axe's rule of that name, a best practice of moderate impact, so not in
// the tags above): a screen reader's outline of each page never skips a level.
test.describe("heading outline", () => {
  for (const [name, path] of pages) {
    test(`${name} page's headings go down one level at a time`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    });
  }
});

// A signed-in page: My runs (cards on phones, a table on desktop), and the phone's open filter drawer.
test.describe("signed in", () => {
  test.use({ storageState: roles.adultOn.storageState });
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      test(`My runs and the search page's filters have no serious axe violations (${scheme}, ${width}px)`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/runs");
        await expect(page.getByRole("heading", { level: 1, name: "My runs" })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto("/?price=paid");
        if (width < 768)
          await page
            .getByRole("complementary", { name: "Filters" })
            .locator("summary", { hasText: /^Filters/ })
            .click();
        await expect(page.getByRole("complementary", { name: "Filters" }).getByRole("link", { name: /^Free only \d+$/ })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});

test("the search page works by keyboard with a visible focus ring", async ({ page }) => {
  await page.goto("/");
  const words = page.getByRole("searchbox", { name: "Words" });
  for (let i = 0; i < 12 && !(await words.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press("Tab");
  await expect(words).toBeFocused();
  const outline = await words.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.type("convert");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=convert/);
  // Tab on to the first result and follow it.
  const first = page.locator('a[href="/services/@unit-forge/cap_convert_length"]');
  await expect(first).toBeVisible();
  for (let i = 0; i < 60 && !(await first.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Length converter" })).toBeVisible();
});
