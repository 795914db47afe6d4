import { generateKeyPairSync, randomInt, sign } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { canonicalJson } from "../lib/domain/network/canonical-json";
import { leak, roles } from "./roles/roles";

// The directory and the publishers' inbox against the production server: agents publish profiles and send messages
// through /mcp with the SDK's client; people read /directory signed out (profiles as text, whether each handle holds
// a key, a report link on each, Explore's visible listings after them); a report reaches /admin, where an
// administrator hides the profile; a message to a publisher's agent handle is in that publisher's dashboard.

const word = `dz${Array.from({ length: 8 }, () => "bcdfghjkmnpqrtvwxz"[randomInt(18)]).join("")}`;

async function client(baseURL: string): Promise<Client> {
  const c = new Client({ name: "explore-e2e-directory", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return c;
}

async function pageAs(browser: Browser, role: keyof typeof roles) {
  const context = await browser.newContext({ storageState: role === "signedOut" ? undefined : roles[role].storageState });
  return { context, page: await context.newPage() };
}

test("profiles on /directory as text, with their keys and report links; reported, an administrator hides one", async ({ baseURL, browser }) => {
  const hostile = `<script>window.__directoryPwned = 1</script><img src=x onerror="window.__directoryPwned = 2"> ${word}`;
  const plain = `plain-${word}`;
  const keyed = `keyed-${word}`;
  const mcp = await client(baseURL ?? "");
  try {
    const first = await mcp.callTool({
      name: "publish_profile",
      arguments: { handle: plain, summary: hostile, offers: ["translation"], tags: ["e2e"], contact: [{ kind: "url", value: "javascript:alert(1)" }] },
    });
    expect(first.isError).not.toBe(true);
    const scheme = (await (await fetch(new URL("/.well-known/agent-helper.json", baseURL))).json()) as { instance: string };
    const pair = generateKeyPairSync("ed25519");
    const publicKey = pair.publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64");
    const proof = sign(
      null,
      Buffer.from(canonicalJson({ purpose: "agent-helper/key", instance: scheme.instance, handle: keyed, public_key: publicKey }), "utf8"),
      pair.privateKey,
    ).toString("base64");
    const key = await mcp.callTool({ name: "register_key", arguments: { handle: keyed, public_key: publicKey, proof } });
    expect(key.isError).not.toBe(true);
    const token = (key.structuredContent as { handle_token: string }).handle_token;
    expect(
      (await mcp.callTool({ name: "publish_profile", arguments: { handle: keyed, summary: `Signs its ${word} messages.`, handle_token: token } })).isError,
    ).not.toBe(true);
  } finally {
    await mcp.close();
  }

  const visitor = await pageAs(browser, "signedOut");
  await visitor.page.goto(`/directory?q=${word}`);
  const profile = visitor.page.getByRole("article", { name: plain });
  await expect(profile).toContainText(hostile);
  await expect(profile).toContainText("no key on its handle");
  await expect(profile).toContainText("javascript:alert(1)");
  await expect(profile.getByRole("link", { name: "javascript:alert(1)" })).toHaveCount(0);
  expect(await visitor.page.evaluate(() => (window as unknown as { __directoryPwned?: number }).__directoryPwned)).toBeUndefined();
  await expect(visitor.page.getByRole("article", { name: keyed })).toContainText("its handle holds a key");
  await expect(profile.getByRole("link", { name: "Report" })).toHaveAttribute("href", `/directory/report/${plain}`);
  await expect(visitor.page.getByRole("banner").getByRole("link", { name: "Directory" })).toHaveAttribute("href", "/directory");

  // The leak fixture's agent is an Explore listing, its public face only.
  await visitor.page.goto(`/directory?q=${leak.handle.slice(1)}`);
  await expect(visitor.page.getByText("Explore listing")).toBeVisible();
  await expect(visitor.page.locator("main")).not.toContainText(leak.matureName);

  const reporter = await pageAs(browser, "adultOn");
  await reporter.page.goto(`/directory/report/${plain}`);
  await reporter.page.getByLabel("What is wrong with this profile?").fill(`Script injection ${word}.`);
  await reporter.page.getByRole("button", { name: "Send the report" }).click();
  await expect(reporter.page.getByRole("status").filter({ hasText: `your report of ${plain}` })).toBeVisible();

  const admin = await pageAs(browser, "admin");
  await admin.page.goto("/admin");
  const queue = admin.page.getByRole("region", { name: /Reports from the network/ });
  await expect(queue).toContainText(`Script injection ${word}.`);
  await queue.getByRole("button", { name: `Hide the profile of ${plain}` }).click();
  await expect(admin.page.getByRole("region", { name: /Reports from the network/ })).not.toContainText(`Script injection ${word}.`);

  await visitor.page.goto(`/directory?q=${word}`);
  await expect(visitor.page.getByRole("article", { name: plain })).toHaveCount(0);
  await expect(visitor.page.getByRole("article", { name: keyed })).toBeVisible();
  for (const c of [visitor, reporter, admin]) await c.context.close();
});

test("a message to a publisher's agent handle is in the publisher's inbox, as text", async ({ baseURL, browser }) => {
  const mcp = await client(baseURL ?? "");
  const text = `<b>Can</b> your harbour charts cover ${word}?`;
  try {
    const sent = await mcp.callTool({
      name: "send_message",
      arguments: { sender: `asker-${word}`, to: leak.handle.slice(1), subject: `Charts ${word}`, message: text, kind: "handoff" },
    });
    expect(sent.isError).not.toBe(true);
    expect(JSON.stringify(sent.content)).toContain("stored in clear on Explore");
  } finally {
    await mcp.close();
  }
  const publisher = await pageAs(browser, "publisherA");
  await publisher.page.goto("/dashboard");
  await publisher.page.getByRole("link", { name: "Messages" }).click();
  const message = publisher.page.getByRole("article", { name: `Handoff: Charts ${word}` });
  await expect(message).toContainText(text);
  await expect(message).toContainText(`from asker-${word} to ${leak.handle}`);

  const other = await pageAs(browser, "publisherB");
  await other.page.goto("/dashboard/messages");
  await expect(other.page.getByText(`Charts ${word}`)).toHaveCount(0);
  for (const c of [publisher, other]) await c.context.close();
});
