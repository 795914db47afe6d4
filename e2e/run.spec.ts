import { test, expect, type Page } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";
import { roles } from "./roles/roles";

// Running services from the browser: the demo network's adapters answer for real.

const LENGTH = "/services/@unit-forge/cap_convert_length";
const REMINDER = "/services/@nudge-reminders/cap_send_reminder";
const LIMITED = "/services/@e2e-limited/cap_convert_length";
const OVERLAP = "/services/@zone-hop/cap_meeting_overlap";
const MATURE = { handle: "@cellar-pairings", capabilityId: "cap_pair_wine", name: "Wine pairing" };

async function signedInAt(page: Page, path: string, role: string) {
  await signInByEmail(page, uniqueEmail(role), path);
  await expect(page.getByRole("heading", { name: "Run it" })).toBeVisible();
}

const result = (page: Page) => page.locator("#run-result");

test("a signed-out visitor is told to sign in first", async ({ page }) => {
  await page.goto(LENGTH);
  await expect(page.getByRole("heading", { name: "Run it" })).toBeVisible();
  await expect(page.getByText("Sign in to run this service.")).toBeVisible();
});

test("runs a demo service from its example, and lists it in My runs", async ({ page }) => {
  await signedInAt(page, LENGTH, "runner");
  await expect(page.locator("#run_value")).toHaveValue("26.2");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByText("Succeeded")).toBeVisible();
  await expect(result(page).getByText(/Time taken: \d+\.\d\d s/)).toBeVisible();
  await expect(result(page).getByRole("group", { name: "Answer" })).toContainText("42.16");

  await page.goto("/runs");
  await expect(page.getByRole("heading", { name: "My runs" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Length converter" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Succeeded");
});

test("a validation error shows beside its field, and raw JSON is checked too", async ({ page }) => {
  await signedInAt(page, LENGTH, "validator");
  await page.locator("#run_value").fill("");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const field = page.locator("#run_value");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  expect(describedBy).toContain("run_value__error");
  await expect(page.locator("#run_value__error")).toContainText(/required/);
  await expect(result(page)).not.toContainText("Succeeded");

  // A run that succeeded is put away as soon as the next attempt is refused by the form.
  await page.getByRole("button", { name: "Reset to example" }).click();
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByText("Succeeded", { exact: true })).toBeVisible();
  await page.locator("#run_value").fill("");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.locator("#run_value__error")).toContainText("is required");
  await expect(result(page)).not.toContainText("Succeeded");

  await page.getByRole("button", { name: "Reset to example" }).click();
  await page.getByRole("button", { name: "Edit as JSON" }).click();
  const json = page.getByLabel("Arguments (JSON)");
  await json.fill('{"value": "far", "from": "mi", "to": "km"}');
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(json).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#run-arguments-error")).toContainText("value: must be a number");
  await json.fill("{not json");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.locator("#run-arguments-error")).toContainText("not valid JSON");
});

test("a list's buttons say what they do, to assistive technology and with an icon on screen", async ({ page }) => {
  await signedInAt(page, OVERLAP, "lister");
  const zones = page.locator("#run_zones");
  const values = () => zones.getByRole("textbox").evaluateAll((inputs) => inputs.map((i) => (i instanceof HTMLInputElement ? i.value : "")));
  await expect.poll(values).toEqual(["America/New_York", "Europe/London"]);
  const add = zones.getByRole("button", { name: "Add item" });
  const item2 = ["Move item 2 up", "Move item 2 down", "Remove item 2"].map((name) => zones.getByRole("button", { name }));
  // Each shows an icon drawn inline (no icon font to miss), and "Add item" its words too.
  for (const button of [...item2, add]) {
    await expect(button).toBeVisible();
    await expect(button.locator("svg")).toBeVisible();
    expect((await button.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(24);
  }
  await expect(add).toContainText("Add item");

  await item2[0]?.click();
  await expect.poll(values).toEqual(["Europe/London", "America/New_York"]);
  await add.click();
  await expect.poll(values).toEqual(["Europe/London", "America/New_York", ""]);
  await zones.getByRole("button", { name: "Remove item 3" }).click();
  await expect.poll(values).toEqual(["Europe/London", "America/New_York"]);
});

test("an external action: confirm, dry run first, then the real run, its outcome and its cancellation", async ({ page }) => {
  await signedInAt(page, REMINDER, "reminder");
  await expect(page.getByText(/Explore fills “idempotency_key” and “dry_run” itself/)).toBeVisible();

  await page.getByRole("button", { name: "Run…" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm an action outside Explore" });
  await expect(dialog).toContainText("Sends messages");
  await expect(dialog).toContainText('"to": "sam@example.com"');
  await expect(dialog.getByRole("button", { name: "Dry run first" })).toBeFocused();
  await dialog.getByRole("button", { name: "Dry run first" }).click();
  await expect(result(page).getByText("Dry run: nothing happened outside Explore.")).toBeVisible();
  await expect(result(page).getByRole("group", { name: "Answer" })).toContainText('"status": "dry_run"');

  await page.getByRole("button", { name: "Run…" }).click();
  await dialog.getByRole("button", { name: "Run for real" }).click();
  const answer = result(page).getByRole("group", { name: "Answer" });
  await expect(answer).toContainText('"status": "scheduled"');
  await expect(result(page)).not.toContainText("Dry run: nothing happened");
  // The idempotency key is the execution ID the adapter received.
  const executionId = (await result(page).locator("code").first().textContent()) ?? "";
  expect(executionId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(answer).toContainText(`"execution_id": "${executionId}"`);

  await expect(result(page).getByText(/Repeat execution re-sends the same execution ID\. The adapter will return only the status/)).toBeVisible();
  await page.getByRole("button", { name: "Check outcome" }).click();
  const check = result(page).getByRole("status");
  await expect(check.getByRole("heading", { name: /^Outcome check/ })).toBeVisible();
  // The provider's own answer is there for whoever wants it, behind its words.
  await check.getByText("What the provider answered").click();
  await expect(check.getByRole("group", { name: "Outcome check: the provider's answer" })).toContainText('"outcome": "pending"');
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(result(page).getByRole("status")).toContainText("Cancelled: the provider confirmed the cancellation.");
  // The run itself now says so: no "Succeeded" left above a cancellation.
  await expect(result(page).getByText("Succeeded", { exact: true })).toHaveCount(0);
  await expect(result(page).getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Repeat execution" }).click();
  await expect(result(page).getByRole("status")).toContainText('"duplicate": true');
});

test("the free daily limit: one run, then the panel says at once that it is used up and when it resets", async ({ page }) => {
  await signedInAt(page, LIMITED, "limited");
  await expect(page.getByText("1 of 1 free runs left today (resets at midnight UTC)")).toBeVisible();
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(result(page).getByText("Succeeded")).toBeVisible();
  // Without a reload: the panel reads what is left again, and the answer stays in view.
  await expect(page.getByText(/You have used today's 1 free run of this service\. The limit resets at midnight UTC/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Run", exact: true })).toBeDisabled();
  await expect(result(page).getByText("Succeeded")).toBeVisible();
  await page.reload();
  await expect(page.getByText(/You have used today's 1 free run of this service\. The limit resets at midnight UTC/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Run", exact: true })).toBeDisabled();
});

test.describe("as a minor (17, with 18+ switched on)", () => {
  test.use({ storageState: roles.minor.storageState });

  test("a mature service is refused even when the run action is posted to directly", async ({ page }) => {
    expect((await page.request.get(`/services/${MATURE.handle}/${MATURE.capabilityId}`)).status()).toBe(404);

    // The no-JavaScript form carries the action's hidden fields; post them with the mature service named instead.
    const html = await (await page.request.get(LENGTH)).text();
    const form = /<form[^>]*id="run-noscript-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
    const decode = (v: string) =>
      v
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    const fields: Record<string, string> = {};
    for (const match of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(match[0])?.[1];
      if (name) fields[decode(name)] = decode(/value="([^"]*)"/.exec(match[0])?.[1] ?? "");
    }
    expect(Object.keys(fields).some((k) => k.startsWith("$ACTION"))).toBe(true);
    const response = await page.request.post(LENGTH, {
      multipart: { ...fields, handle: MATURE.handle, capabilityId: MATURE.capabilityId, arguments: '{"dish":"salmon"}', dryRun: "0" },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("This service does not exist, or is not available to you.");

    await page.goto("/runs");
    await expect(page.getByRole("heading", { name: "My runs" })).toBeVisible();
    await expect(page.getByRole("link", { name: MATURE.name })).toHaveCount(0);
  });
});
