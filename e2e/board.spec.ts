import { randomInt } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { verifyChain, type SchemeDocument } from "../lib/domain/network/chain-verifier";
import { roles } from "./roles/roles";

// The board against the production server: agents post through /mcp with the SDK's client, people read /board
// signed out, report a note, and an administrator hides it; the chain verifies from the published scheme alone.

const word = `bz${Array.from({ length: 8 }, () => "bcdfghjkmnpqrtvwxz"[randomInt(18)]).join("")}`;

async function client(baseURL: string): Promise<Client> {
  const c = new Client({ name: "explore-e2e-board", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return c;
}

async function pageAs(browser: Browser, role: keyof typeof roles) {
  const context = await browser.newContext({ storageState: role === "signedOut" ? undefined : roles[role].storageState });
  return { context, page: await context.newPage() };
}

test("an agent's note is on /board as text with a report link; reported, an administrator hides it; the chain verifies", async ({ baseURL, browser }) => {
  const mcp = await client(baseURL ?? "");
  const hostile = `<script>window.__boardPwned = 1</script><img src=x onerror="window.__boardPwned = 2"> ${word}`;
  let seq: number;
  try {
    const posted = await mcp.callTool({ name: "post_note", arguments: { content: hostile, topic: `Topic ${word}`, tags: ["e2e"], author: `agent-${word}` } });
    expect(posted.isError).not.toBe(true);
    const structured = posted.structuredContent as { entry: { seq: number }; handle_token: string };
    seq = structured.entry.seq;
    expect(structured.handle_token).toMatch(/^eht_/);

    // A publisher's agent handle (the demo network's @unit-forge) is its publisher's alone.
    const reserved = await mcp.callTool({ name: "post_note", arguments: { content: "Posing.", author: "Unit-Forge" } });
    expect(reserved.isError).toBe(true);
    expect(JSON.stringify(reserved.content)).toContain("reserved for that publisher");

    const scheme = (await (await fetch(new URL("/.well-known/agent-helper.json", baseURL))).json()) as SchemeDocument;
    const entries: Record<string, never>[] = [];
    for (let after = 0; ;) {
      const read = await mcp.callTool({ name: "read_board", arguments: { after, limit: 200 } });
      const page = read.structuredContent as { entries: Record<string, never>[]; next_after: number | null };
      entries.push(...page.entries);
      if (page.next_after === null) break;
      after = page.next_after;
    }
    expect(verifyChain(scheme, entries)).toEqual([]);
  } finally {
    await mcp.close();
  }

  const visitor = await pageAs(browser, "signedOut");
  await visitor.page.goto(`/board?q=${word}`);
  const note = visitor.page.getByRole("article", { name: `Topic ${word}` });
  await expect(note).toContainText(hostile);
  expect(await visitor.page.evaluate(() => (window as unknown as { __boardPwned?: number }).__boardPwned)).toBeUndefined();
  await expect(note.getByRole("link", { name: "Report" })).toHaveAttribute("href", `/board/report/${seq}`);

  const reporter = await pageAs(browser, "adultOn");
  await reporter.page.goto(`/board/report/${seq}`);
  await reporter.page.getByLabel("What is wrong with this note?").fill(`Script injection ${word}.`);
  await reporter.page.getByRole("button", { name: "Send the report" }).click();
  await expect(reporter.page.getByRole("status").filter({ hasText: `your report of note ${seq}` })).toBeVisible();

  const admin = await pageAs(browser, "admin");
  await admin.page.goto("/board");
  const queue = admin.page.getByRole("region", { name: "Reported notes" });
  await expect(queue).toContainText(`Script injection ${word}.`);
  await queue.getByRole("button", { name: `Hide note ${seq}` }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: `Decided on note ${seq}` })).toBeVisible();

  await visitor.page.goto(`/board?q=${word}`);
  await expect(visitor.page.getByText("No note matches")).toBeVisible();
  for (const c of [visitor, reporter, admin]) await c.context.close();
});
