import { test, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { roles } from "./roles/roles";

// The service page people prefer: the story beside a sticky Run panel on a desktop, the Run panel right after
// the summary on a phone, technical details in a disclosure, and "Use from your agent" with snippets that copy.

const SERVICE = "/services/@unit-forge/cap_convert_length";

// Signed in, so the Run panel holds the generated form (loaded after the page).
test.use({ storageState: roles.adultOff.storageState });

const runHeading = (page: Page) => page.getByRole("heading", { level: 2, name: "Run it" });

async function box(page: Page, name: string) {
  const found = await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox();
  if (!found) throw new Error(`no heading ${name}`);
  return found;
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Run panel sits beside the story and stays in view while the story scrolls", async ({ page }) => {
    // The form's chunk arrives after the page; on a loaded 2-core machine that took over 10 s.
    test.slow();
    await page.goto(SERVICE);
    // The generated form arrived (its chunk loads after the page).
    await expect(page.locator("#run_value")).toHaveValue("26.2", { timeout: 20_000 });
    const run = await box(page, "Run it");
    const summary = await box(page, "What it does");
    expect(run.x).toBeGreaterThan(summary.x + 400);
    expect(Math.abs(run.y - summary.y)).toBeLessThan(40);

    await page.getByRole("heading", { level: 2, name: "Terms", exact: true }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await expect(runHeading(page)).toBeInViewport();
    const stuck = await box(page, "Run it");
    expect(stuck.y).toBeGreaterThanOrEqual(0);
    expect(stuck.y).toBeLessThan(100);
  });

  test("the in-page links go to their sections", async ({ page }) => {
    await page.goto(SERVICE);
    const nav = page.getByRole("navigation", { name: "On this page" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Run", "Data", "Pricing", "API"]);
    await nav.getByRole("link", { name: "API" }).click();
    await expect(page).toHaveURL(/#api$/);
    await expect(page.getByRole("heading", { level: 2, name: "Use from your agent" })).toBeInViewport();
  });

  // Service pages share element ids (#api, #run_value…). With Cache Components Next would keep the page left
  // behind in the document, hidden (React Activity): the in-page links and form labels must reach the page shown.
  test("after moving to another service, the in-page links and the form's labels reach the page shown", async ({ page }) => {
    test.slow();
    await page.goto(SERVICE);
    await expect(page.locator("#run_value")).toHaveValue("26.2", { timeout: 20_000 });
    await page
      .getByRole("link", { name: /Mass converter/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Mass converter" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Length converter" })).toBeHidden();

    const nav = page.getByRole("navigation", { name: "On this page" });
    await nav.getByRole("link", { name: "API" }).click();
    await expect(page).toHaveURL(/cap_convert_mass#api$/);
    await expect(page.getByRole("heading", { level: 2, name: "Use from your agent" })).toBeInViewport();

    const field = page.getByRole("region", { name: "Run it" }).getByLabel("value", { exact: false }).first();
    await field.fill("3");
    await expect(field).toHaveValue("3");
    await expect(field).toBeFocused();
  });

  test("technical details sit in a disclosure that holds the capability ID", async ({ page }) => {
    await page.goto(SERVICE);
    const details = page.getByRole("region", { name: "Details" });
    // The category in words; its slug only inside the disclosure.
    await expect(details.getByText("Units › Length", { exact: true })).toBeVisible();
    const id = details.getByText("cap_convert_length", { exact: true });
    await expect(id).toBeHidden();
    await details.getByText("Technical details").click();
    await expect(id).toBeVisible();
    await expect(details.getByText("convert_length", { exact: true })).toBeVisible();
  });

  test("the snippets copy exactly what they show, with this server's URLs", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(SERVICE);
    const section = page.getByRole("region", { name: "Use from your agent" });
    await section.getByRole("button", { name: "Copy Cursor, Claude Code, Windsurf (mcpServers)" }).click();
    await expect(section.getByText("Copied")).toBeVisible();
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { mcpServers: Record<string, { url: string }> };
    expect(config.mcpServers.explore?.url).toBe(`${baseURL}/mcp`);
    expect(config.mcpServers["unit-forge"]?.url).toBe(`${baseURL}/mcp/agents/@unit-forge`);

    // A closed one opens by keyboard, and its text copies as shown.
    const python = section.getByText("Python", { exact: true });
    await python.focus();
    await page.keyboard.press("Enter");
    const code = section.getByLabel("Python: example");
    await expect(code).toBeVisible();
    await section.getByRole("button", { name: "Copy Python" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await code.textContent());
    expect(copied).toContain(`urlopen("${baseURL}/api/v1/services/@unit-forge/cap_convert_length")`);

    // The agent's exports are linked.
    await expect(section.getByRole("link", { name: "agent.json" })).toHaveAttribute("href", `${baseURL}/api/v1/agents/unit-forge/agent.json`);
    await expect(section.getByRole("link", { name: "A2A agent card" })).toHaveAttribute("href", `${baseURL}/api/v1/agents/unit-forge/agent-card.json`);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Run panel comes right after the summary, and code scrolls inside its block", async ({ page }) => {
    await page.goto(SERVICE);
    const limitations = await box(page, "What it does not do");
    const run = await box(page, "Run it");
    const example = await box(page, "Example");
    expect(run.y).toBeGreaterThan(limitations.y);
    expect(run.y).toBeLessThan(example.y);

    const code = page.getByRole("region", { name: "Use from your agent" }).getByLabel("curl: example");
    await code.scrollIntoViewIfNeeded();
    const sizes = await code.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.right).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`signed in, ${scheme}, ${width} px: no serious axe violations with the Run form loaded`, async ({ page }) => {
      // The form's chunk, then axe over a long page: both slow on a loaded machine.
      test.slow();
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(SERVICE);
      await expect(page.locator("#run_value")).toBeVisible({ timeout: 20_000 });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
    });
  }
}
