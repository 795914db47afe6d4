import { expect, test } from "@playwright/test";
import { roles } from "./roles/roles";

// Security headers on every kind of answer, and a policy that lets Next's own scripts run while an injected
// script does not.

const service = "/services/@demo-weather/cap_current_weather";
const kinds = {
  page: ["/", "/?q=weather", service, "/agents/@demo-weather", "/sign-in", "/services/@nobody/cap_none"],
  resource: [
    "/api/v1/services?query=weather",
    "/api/v1/services?q=refused",
    "/api/v1/openapi.json",
    "/badges/@hue-shift/cap_convert_color.svg",
    `/og${service}`,
    "/sitemap.xml",
  ],
};

test("pages, the API, badges and share images carry the security headers", async ({ request }) => {
  for (const [kind, paths] of Object.entries(kinds)) {
    for (const path of paths) {
      const response = await request.get(path);
      const headers = response.headers();
      const where = `${kind} ${path}`;
      // Answers of every kind carry them: found, not found, refused.
      expect(response.status(), where).toBe(path.includes("nobody") ? 404 : path.includes("refused") ? 400 : 200);
      expect(headers["x-content-type-options"], where).toBe("nosniff");
      expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], where).toContain("camera=()");
      expect(headers["x-frame-options"], where).toBe("DENY");
      const policy = headers["content-security-policy"] ?? "";
      expect(policy, where).toContain("frame-ancestors 'none'");
      if (kind === "page") {
        expect(policy, where).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
        expect(policy, where).toContain("object-src 'none'");
        expect(policy, where).toContain("base-uri 'none'");
      } else {
        expect(policy, where).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      }
      // Served over plain http here: no HSTS.
      expect(headers["strict-transport-security"], where).toBeUndefined();
    }
  }
});

test("every script Next renders carries the page's nonce, a fresh one per render", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of [service, "/sign-in", "/sign-in?x=1"]) {
    const response = await request.get(path);
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (attributes.includes('type="application/ld+json"')) continue;
      expect(attributes, `${path}: a script without the nonce`).toContain(`nonce="${nonce}"`);
    }
    nonces.add(nonce);
  }
  expect(nonces.size).toBe(3);
});

test.describe("signed in, with the Run panel", () => {
  test.use({ storageState: roles.adultOff.storageState });
  const runnable = "/services/@unit-forge/cap_convert_length";

  test("the page works under its policy, and a script injected into its HTML does not run", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The real answer, headers included, with a script and a handler an attacker slipped into the markup.
    await page.route(runnable, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        `<script>window.__injected = 1</script><img alt="" src="/x" onerror="window.__handler = 1"></body>`,
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(runnable);
    // Hydrated: "Edit as JSON" works only once Next's scripts have run; the form validates with Ajv in the browser.
    await page.getByRole("button", { name: "Edit as JSON" }).click();
    await expect(page.getByLabel("Arguments (JSON)")).toBeVisible();
    expect(await page.evaluate(() => Reflect.get(window, "__injected"))).toBeUndefined();
    expect(await page.evaluate(() => Reflect.get(window, "__handler"))).toBeUndefined();
    expect(violations.length).toBeGreaterThanOrEqual(2);

    // Without injection: no violation at all, client-side validation included.
    violations.length = 0;
    await page.unroute(runnable);
    await page.goto(runnable);
    await page.locator("#run_value").fill("");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page.locator("#run_value__error")).toContainText(/required/);
    expect(violations).toEqual([]);
  });
});

test("a body over 2 MB is refused with 413 in words before anything reads it, problem+json on the API", async ({ request }) => {
  const body = "x".repeat(3 * 1024 * 1024);
  const form = await request.post("/dashboard/import", { data: body, headers: { "content-type": "text/plain" } });
  expect(form.status()).toBe(413);
  expect(await form.text()).toBe("The request is 3.0 MB; Explore accepts at most 2.0 MB. Nothing was saved.");
  expect(form.headers()["x-content-type-options"]).toBe("nosniff");
  const api = await request.post("/api/v1/services", { data: body, headers: { "content-type": "application/json" } });
  expect(api.status()).toBe(413);
  expect(api.headers()["content-type"]).toContain("application/problem+json");
  expect(await api.json()).toMatchObject({ status: 413, title: "Request body too large" });
});
