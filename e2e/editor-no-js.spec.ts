import { test, expect } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// The editor without JavaScript: a connected server's draft, a suggestion chosen and confirmed with the text as
// edited in the textarea; the suggestion leaves the list and the edit is kept; a refused confirmation says why.

test("without JavaScript a publisher confirms a chosen suggestion and keeps the text typed before it", async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const handle = `@nojs-${Date.now().toString(36)}`;
  const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as { adapter: { endpoint: string } };
  const colors = demo.adapter.endpoint.replace(/\/units\/mcp$/, "/colors/mcp");

  // Signing in and connecting are done with JavaScript; the draft is then edited in a browser without it.
  await signInByEmail(page, uniqueEmail("editor-nojs"), "/dashboard/connect");
  await page.getByLabel("MCP server URL").fill(colors);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByRole("button", { name: "Open in the editor" }).click();
  await expect(page).toHaveURL(/\/dashboard\/drafts\/[^/]+$/);
  const draftUrl = page.url();
  const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto(draftUrl);
    const problems = plain.locator("#editor-result");
    const choices = problems.getByRole("radio", { name: /^Confirm \// });
    await expect(choices.first()).toBeChecked();
    const before = await choices.count();
    expect(before).toBeGreaterThan(1);

    // An edit not saved yet (no autosave without JavaScript), then a suggestion other than the first chosen.
    const textarea = plain.getByLabel("agent.json");
    const text = await textarea.inputValue();
    expect(text).toContain('"handle": null');
    await textarea.fill(text.replace('"handle": null', `"handle": "${handle}"`));
    const chosen = choices.nth(1);
    const path = await chosen.getAttribute("value");
    expect(path).toMatch(/^\//);
    await chosen.check();
    await problems.getByRole("button", { name: "Confirm the chosen suggestion" }).click();

    await expect(problems).toContainText("Saved, and the suggestion confirmed.");
    await expect(problems).not.toContainText("No suggestion was named.");
    await expect(choices).toHaveCount(before - 1);
    await expect(problems.getByRole("radio", { name: `Confirm ${path}`, exact: true })).toHaveCount(0);
    // The handle typed before confirming was saved with it: in the text, and no longer a problem.
    await expect(plain.getByLabel("agent.json")).toHaveValue(new RegExp(`"handle": "${handle}"`));
    await expect(problems.getByText("/agent/handle", { exact: true })).toHaveCount(0);
    // And it stays saved: the draft read afresh is the same.
    await plain.goto(draftUrl);
    await expect(plain.getByLabel("agent.json")).toHaveValue(new RegExp(`"handle": "${handle}"`));
    await expect(choices).toHaveCount(before - 1);
    await expect(problems).not.toContainText("Saved, and the suggestion confirmed.");

    // Refusals are shown too: a text over the size limit is not saved, and nothing is confirmed.
    const oversized = `${await plain.getByLabel("agent.json").inputValue()}${" ".repeat(600 * 1024)}`;
    await plain.getByLabel("agent.json").fill(oversized);
    await problems.getByRole("button", { name: "Confirm the chosen suggestion" }).click();
    await expect(problems).toContainText(/Not confirmed: The draft is [^;]+; an agent\.json may be at most 512 KB\./);
    await expect(choices).toHaveCount(before - 1);
    await plain.getByLabel("agent.json").fill(oversized);
    await plain.getByRole("button", { name: "Save draft" }).click();
    await expect(problems).toContainText(/Not saved: The draft is [^;]+; an agent\.json may be at most 512 KB\./);
  } finally {
    await noScript.close();
  }
});
