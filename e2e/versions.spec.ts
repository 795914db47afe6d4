import { test, expect } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

// Issue #13 in Chromium: a publisher re-imports an agent with a changed data declaration and compares the two
// versions; a consumer who ran it sees the notice and the Changes section; the publisher deletes the agent,
// typing its handle, and its page answers 410 Gone.

test("versions, the consumers' change log and notice, and deleting an agent", async ({ browser, request }) => {
  // Three people, two imports, a run and a deletion: longer than one page's journey.
  test.setTimeout(180_000);
  const handle = `@ledger-${Date.now().toString(36)}`;
  // A demo tool at the demo adapters' address, as Explore publishes it.
  const demo = (await (await request.get("/api/v1/agents/@unit-forge/agent.json")).json()) as Record<string, unknown> & { capabilities: { tool: string }[] };
  const lengths = demo.capabilities.find((c) => c.tool === "convert_length");
  expect(lengths, "the demo agent has convert_length").toBeTruthy();
  const agentJson = (data: Record<string, unknown>) =>
    JSON.stringify({
      ...demo,
      agent: { handle, display_name: "Ledger Lengths", purpose: "Converts lengths." },
      capabilities: [{ ...lengths, name: "Ledger lengths", ...data }],
    });
  const service = `/services/${handle}/cap_convert_length`;

  const publisher = await (await browser.newContext()).newPage();
  await signInByEmail(publisher, uniqueEmail("versioner"), "/dashboard/import");
  const importDocument = async (text: string, replacing = false) => {
    await publisher.goto("/dashboard/import");
    await publisher.getByLabel("agent.json").fill(text);
    await publisher.getByLabel("Publish right away").check();
    await publisher.getByRole("button", { name: "Import" }).click();
    // Replacing one of the publisher's agents is asked first.
    if (replacing) await publisher.getByRole("button", { name: "Yes, replace it and publish" }).click();
    // "Imported" the first time, "Updated" when it replaces the agent.
    await expect(publisher.locator("#import-result").getByRole("heading", { name: new RegExp(`^(Imported|Updated) ${handle}$`) })).toBeVisible();
  };
  await importDocument(agentJson({ data: { inputs: { retention: "none" } } }));

  // A consumer runs it before anything changes.
  const consumer = await (await browser.newContext()).newPage();
  await signInByEmail(consumer, uniqueEmail("ledger-consumer"), service);
  await consumer.getByRole("button", { name: "Run", exact: true }).click();
  await expect(consumer.locator("#run-result").getByText("Succeeded")).toBeVisible();

  // The publisher now keeps inputs for 30 days, and sees the two versions side by side.
  await importDocument(agentJson({ data: { inputs: { retention: "retained", days: 30 } } }), true);
  await publisher.goto("/dashboard");
  await publisher.getByRole("link", { name: `Versions and deletion of ${handle}` }).click();
  await expect(publisher.getByRole("heading", { name: "Versions: Ledger Lengths" })).toBeVisible();
  const rows = publisher.getByRole("table", { name: /Versions of this agent/ }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Imported");
  await publisher.getByLabel("From version", { exact: true }).selectOption("1");
  await publisher.getByLabel("To version", { exact: true }).selectOption("2");
  await publisher.getByRole("button", { name: "Compare" }).click();
  await expect(publisher).toHaveURL(/from=1&to=2/);
  const diff = publisher.getByRole("list", { name: "Changes from version 1 to 2" });
  await expect(diff.getByRole("listitem").filter({ hasText: "Added:" }).filter({ hasText: '"retention": "retained"' })).toBeVisible();
  await expect(diff.getByRole("listitem").filter({ hasText: "Removed:" }).filter({ hasText: '"retention": "none"' })).toBeVisible();

  // The consumer who ran it is told, and reads the change in words.
  await consumer.goto(service);
  const notice = consumer.getByRole("note").filter({ hasText: "Data handling changed since your last run on" });
  await expect(notice).toBeVisible();
  await notice.getByRole("link", { name: "See what changed" }).click();
  const changes = consumer.getByRole("region", { name: "Changes", exact: true });
  await expect(changes.getByText("Data handling changed: inputs are now kept for 30 days (were not kept).")).toBeVisible();
  // Signed out, the Changes section is there, the notice is not.
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(service);
  await expect(anonymous.getByRole("region", { name: "Changes", exact: true }).getByText("inputs are now kept for 30 days", { exact: false })).toBeVisible();
  await expect(anonymous.getByText("since your last run")).toHaveCount(0);

  // Deleting asks for the handle typed.
  await publisher.goto(`/dashboard/agents/${handle}/versions`);
  await publisher.getByLabel(`Type ${handle} to confirm`).fill("not the handle");
  await publisher.getByRole("button", { name: `Delete agent ${handle}` }).click();
  await expect(publisher.getByText(`Type ${handle} exactly to confirm.`)).toBeVisible();
  await publisher.getByLabel(`Type ${handle} to confirm`).fill(handle);
  await publisher.getByRole("button", { name: `Delete agent ${handle}` }).click();
  await expect(publisher.getByText(`${handle} was deleted on`)).toBeVisible();

  const gone = await request.get(service);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain("This agent was deleted by its publisher on");
  expect((await request.get(`/api/v1/agents/${handle}`)).status()).toBe(410);
  await anonymous.goto(service);
  await expect(anonymous.getByText("This agent was deleted by its publisher on")).toBeVisible();

  // The consumer's run stays, as a deleted service.
  await consumer.goto("/runs");
  await expect(consumer.getByRole("table").getByText("(deleted service)")).toBeVisible();
});
