import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { roles } from "./roles/roles";

// The operator channel against the production server: an agent sends a need with describe_need through the SDK's
// client over HTTP; an administrator reads it in /admin/requests (as text: nothing the agent wrote runs) and answers
// it; the agent reads the answer back with read_request and its follow-up token. Nobody else sees the inbox.

const word = `op${Array.from({ length: 8 }, () => "bcdfghjkmnpqrtvwxz"[randomInt(18)]).join("")}`;

async function client(baseURL: string): Promise<Client> {
  const c = new Client({ name: "explore-e2e-operator", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return c;
}

test("a need sent with describe_need is answered in /admin and read back with read_request", async ({ baseURL, browser }) => {
  const hostile = `<img src=x onerror="window.__operatorPwned = 1"> I need ${word} invoices read.`;
  const mcp = await client(baseURL ?? "");
  try {
    const sent = await mcp.callTool({ name: "describe_need", arguments: { message: hostile, contact_hint: `${word}@example.test` } });
    expect(sent.isError).not.toBe(true);
    const { id, follow_up_token: token } = sent.structuredContent as { id: string; follow_up_token: string };
    const before = await mcp.callTool({ name: "read_request", arguments: { id, follow_up_token: token } });
    expect((before.structuredContent as { request: { status: string } }).request.status).toBe("open");

    // Another signed-in person gets no inbox.
    const other = await browser.newContext({ storageState: roles.publisherA.storageState });
    const otherPage = await other.newPage();
    expect((await otherPage.goto("/admin/requests"))?.status()).toBe(404);
    expect((await otherPage.goto(`/admin/requests/${id}`))?.status()).toBe(404);
    await other.close();

    const admin = await browser.newContext({ storageState: roles.admin.storageState });
    const page = await admin.newPage();
    await page.goto("/admin");
    await page.getByRole("link", { name: "Requests to the operator" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Waiting for an answer" })).toBeVisible();
    await page.getByRole("link", { name: id }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(id);
    await expect(page.getByText(hostile)).toBeVisible();
    await expect(page.getByText(`${word}@example.test`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __operatorPwned?: number }).__operatorPwned)).toBeUndefined();
    await page.getByLabel("Your answer").fill(`Try the ${word} OCR service on Explore.`);
    await page.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Answered" })).toBeVisible();
    await page.goto("/admin/requests?status=answered");
    await expect(page.getByRole("link", { name: id })).toBeVisible();
    await admin.close();

    const after = await mcp.callTool({ name: "read_request", arguments: { id, follow_up_token: token } });
    const thread = (after.structuredContent as { request: { status: string; messages: { from: string; message: string }[] } }).request;
    expect(thread.status).toBe("answered");
    expect(thread.messages.map((m) => [m.from, m.message])).toEqual([
      ["agent", hostile],
      ["operator", `Try the ${word} OCR service on Explore.`],
    ]);
    const wrong = await mcp.callTool({ name: "read_request", arguments: { id, follow_up_token: "eft_wrong" } });
    expect(wrong.isError).toBe(true);
  } finally {
    await mcp.close();
  }
});
