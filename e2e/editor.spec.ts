import { test, expect } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// The editor's journey in Chromium: connect a demo adapter → open its draft in the editor → every error at
// once → fix them in the form (and one in the JSON view) → the preview follows → try the example → publish
// with one of its two services offered → that service is live on its public page, the other is not.

test("a publisher completes a connected server's draft in the editor and publishes one service", async ({ page, request }) => {
  test.setTimeout(120_000);
  const handle = `@colors-${Date.now().toString(36)}`;
  // The demo adapters serve every demo agent at /<slug>/mcp; @unit-forge's public agent.json names their address.
  const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as { adapter: { endpoint: string } };
  const colors = demo.adapter.endpoint.replace(/\/units\/mcp$/, "/colors/mcp");

  await signInByEmail(page, uniqueEmail("editor"), "/dashboard/connect");
  await page.getByLabel("MCP server URL").fill(colors);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByRole("button", { name: "Open in the editor" }).click();
  await expect(page).toHaveURL(/\/dashboard\/drafts\/[^/]+$/);

  // Every problem at once, each at its path and line, and beside its field.
  const problems = page.locator("#editor-result");
  await expect(problems.getByRole("heading", { name: /^\d+ problems to fix before publishing$/ })).toBeVisible();
  // What Explore guessed from the tools is a suggestion awaiting confirmation, at its field and in the list.
  await expect(problems).toContainText("values are Explore's suggestion from the server's tools");
  await expect(page.locator("#field-execution-mode-error")).toContainText('is Explore\'s suggestion, awaiting your confirmation ("storage_free")');
  await expect(page.locator("#field-capabilities-0-class-error")).toContainText("is Explore's suggestion");
  for (const path of [
    "/agent/handle",
    "/agent/purpose",
    "/defaults/data/inputs/retention",
    "/defaults/data/results/retention",
    "/defaults/data/used_for_training",
    "/capabilities/0/limitations",
    "/capabilities/1/limitations",
    "/capabilities/1/category",
  ]) {
    await expect(problems.getByText(path, { exact: true })).toBeVisible();
  }
  const preview = page.getByRole("region", { name: "Preview — not published" });
  await expect(preview).toContainText("The preview appears once the draft's 8 problems are fixed.");
  await expect(page.locator("#field-agent-handle-error")).not.toBeEmpty();

  // The form: profile, the data label, each capability.
  await page.getByLabel("Handle", { exact: true }).fill(handle);
  await page.getByLabel("Purpose", { exact: true }).fill("Converts colors and checks their contrast.");
  const data = page.getByRole("region", { name: "How it handles data (every capability)" });
  await data.getByLabel("Are the inputs kept?").selectOption({ label: "Not kept" });
  await data.getByLabel("Are the results kept?").selectOption({ label: "Not kept" });
  const capabilities = page.getByRole("region", { name: "Capabilities" });
  await capabilities.getByLabel("What it does not do (limitations)").fill("Colors in hex, rgb() and hsl() only.");
  await capabilities.getByLabel("Example input (JSON)").fill('{"color": "#ff0000"}');
  await capabilities.getByLabel("Capability to edit").selectOption({ label: "Contrast ratio" });
  await capabilities.getByLabel("What it does not do (limitations)").fill("Two colors at a time.");
  // No word of "contrast_ratio" is a tag: its category is the publisher's to write (never guessed from its description).
  await capabilities.getByLabel("Category", { exact: true }).fill("colors.accessibility");
  await capabilities.getByLabel("Offered on Explore").selectOption({ label: "Not offered" });
  // Each suggestion confirmed as it stands, one by one: the draft is not published on a guess.
  const confirm = problems.getByRole("button", { name: /^Confirm / });
  while ((await confirm.count()) > 0) {
    const before = await confirm.count();
    await confirm.first().click();
    await expect(confirm).toHaveCount(before - 1);
  }
  await expect(problems.getByRole("heading", { name: "1 problem to fix before publishing" })).toBeVisible();

  // The last one in the JSON view: "Jump to error" selects the value, typed over.
  await problems.getByRole("button", { name: "Jump to error at /defaults/data/used_for_training" }).click();
  await page.keyboard.type("false");
  // A syntax error: the form keeps the document as it was and says where; the JSON view takes it back.
  await page.keyboard.type("x");
  await expect(problems).toContainText(/The JSON has a syntax error at line \d+, column \d+/);
  await expect(page.getByLabel("Handle", { exact: true })).toHaveValue(handle);
  await page.keyboard.press("Backspace");
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(problems).toContainText("No problems: the draft would import.");

  // A capability added in the form names what it still needs; removed (asked first), the draft is whole again.
  await capabilities.getByRole("button", { name: "Add a capability" }).click();
  await expect(problems.getByText("/capabilities/2/summary", { exact: true })).toBeVisible();
  await capabilities.getByRole("button", { name: /^Remove “Capability 3”…$/ }).click();
  await capabilities.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(problems).toContainText("No problems: the draft would import.");

  // The preview is the listing as consumers will see it, per capability.
  await expect(preview.getByRole("heading", { name: "Convert a color" }).first()).toBeVisible();
  // The card's name is no link to a page that does not exist yet.
  await expect(preview.getByRole("heading", { name: "Convert a color (preview)", exact: true })).toBeVisible();
  await expect(preview).toContainText("Not kept.");
  await preview.getByRole("button", { name: "Try the example" }).click();
  await expect(preview.getByText(/^It worked/)).toBeVisible();
  await expect(preview.getByLabel("The answer")).toContainText('"hex": "#ff0000"');
  await preview.getByRole("link", { name: "Contrast ratio" }).click();
  await expect(preview).toContainText("Not offered: it will not be listed.");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?from-editor=/);
  await expect(page.getByRole("heading", { name: `Published ${handle}` })).toBeVisible();

  // Live for everyone: the offered service's page; the one not offered is not listed.
  const live = await request.get(`/services/${handle}/cap_convert_color`);
  expect(live.status()).toBe(200);
  expect(await live.text()).toContain("Converts a color between hex, RGB and HSL notations.");
  expect((await request.get(`/services/${handle}/cap_contrast_ratio`)).status()).toBe(404);
  // The draft is gone once published.
  await page.goto("/dashboard/drafts");
  await expect(page.getByText("No drafts.")).toBeVisible();
});
