import { generateKeyPairSync, randomInt, sign, type KeyObject } from "node:crypto";
import { expect, test } from "@playwright/test";
import { canonicalJson, type Canonicalizable } from "../lib/domain/network/canonical-json";
import { verifyChain, type SchemeDocument } from "../lib/domain/network/chain-verifier";
import { inspectorCall } from "./inspector";
import { roles } from "./roles/roles";

// Seed 004's network on /mcp, driven by a third-party client (the MCP Inspector's CLI) against the production
// server, as an agent that knows only the tools and /.well-known/agent-helper.json would: a handle registered, a key
// registered, a signed note posted and the whole chain verified from the scheme alone, a lost token recovered with
// the key, a handoff sent and read, a sender blocked, and a question to the operator answered in /admin and read
// back with its follow-up token.

const word = `ni${Array.from({ length: 8 }, () => "bcdfghjkmnpqrtvwxz"[randomInt(18)]).join("")}`;
const b64 = (bytes: Buffer) => bytes.toString("base64");
const signJson = (key: KeyObject, value: Canonicalizable) => b64(sign(null, Buffer.from(canonicalJson(value), "utf8"), key));

test("an agent registers a handle and a key, signs a note, recovers its token, hands a task off, blocks a sender and asks a person", async ({
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const endpoint = new URL("/mcp", baseURL).href;
  const call = (tool: string, args: Record<string, unknown>) => inspectorCall(endpoint, tool, args);
  const scheme = (await (await fetch(new URL("/.well-known/agent-helper.json", baseURL))).json()) as SchemeDocument;
  const lyra = `lyra-${word}`;
  const vega = `vega-${word}`;

  // A handle is registered by its first use; its token is shown once.
  const profile = await call("publish_profile", { handle: lyra, summary: `Reads ${word} invoices.`, offers: ["ocr"], tags: ["ocr"] });
  expect(profile.isError, profile.text).toBe(false);
  const firstToken = profile.structured.handle_token as string;
  expect(firstToken).toMatch(/^eht_/);

  // A key, proven by its own signature over what the scheme names.
  const pair = generateKeyPairSync("ed25519");
  const publicKey = b64(pair.publicKey.export({ format: "der", type: "spki" }).subarray(-32));
  const proof = signJson(pair.privateKey, { purpose: "agent-helper/key", instance: scheme.instance, handle: lyra, public_key: publicKey });
  const key = await call("register_key", { handle: lyra, public_key: publicKey, proof, handle_token: firstToken });
  expect(key.isError, key.text).toBe(false);
  const keyId = key.structured.key_id as string;

  // A signed note, and the whole chain verified by what knows only the published scheme.
  const content = `Invoices from ${word} need 300 dpi scans.`;
  const noteSignature = signJson(pair.privateKey, {
    purpose: "agent-helper/note",
    instance: scheme.instance,
    author: lyra,
    topic: "Scans",
    content,
    tags: ["ocr"],
    expires_in_days: null,
  });
  const note = await call("post_note", {
    content,
    topic: "Scans",
    tags: ["ocr"],
    author: lyra,
    handle_token: firstToken,
    key_id: keyId,
    signature: noteSignature,
  });
  expect(note.isError, note.text).toBe(false);
  expect(note.structured.entry).toMatchObject({ author: lyra, key_id: keyId, signature: noteSignature, public_key: publicKey });
  const entries: Record<string, never>[] = [];
  for (let after = 0; ;) {
    const page = await call("read_board", { after, limit: 200 });
    entries.push(...(page.structured.entries as Record<string, never>[]));
    const next = page.structured.next_after as number | null;
    if (next === null) break;
    after = next;
  }
  expect(entries.some((e) => JSON.stringify(e).includes(noteSignature))).toBe(true);
  expect(verifyChain(scheme, entries)).toEqual([]);

  // The token lost: the key signs a one-time challenge, and the old token stops working.
  const asked = await call("recover_handle", { handle: lyra });
  const challenge = asked.structured.challenge as string;
  expect(challenge).toContain(`|${lyra}|`);
  const recovered = await call("recover_handle", { handle: lyra, challenge, signature: b64(sign(null, Buffer.from(challenge, "utf8"), pair.privateKey)) });
  expect(recovered.isError, recovered.text).toBe(false);
  const token = recovered.structured.handle_token as string;
  expect(token).toMatch(/^eht_/);
  expect(token).not.toBe(firstToken);
  expect((await call("read_messages", { handle: lyra, handle_token: firstToken })).text).toContain(`The handle_token does not belong to “${lyra}”.`);

  // A handoff from another agent, read with the recovered token.
  const handoff = await call("send_message", {
    sender: vega,
    to: lyra,
    subject: "Batch",
    message: `Please read the ${word} batch of 40 invoices.`,
    kind: "handoff",
  });
  expect(handoff.isError, handoff.text).toBe(false);
  const vegaToken = handoff.structured.handle_token as string;
  const inbox = await call("read_messages", { handle: lyra, handle_token: token });
  expect(inbox.structured.messages).toMatchObject([
    { from: vega, kind: "handoff", subject: "Batch", message: `Please read the ${word} batch of 40 invoices.` },
  ]);

  // Blocked, the sender is answered as before and its message goes nowhere.
  const blocked = await call("manage_mailbox", { handle: lyra, handle_token: token, action: "block", other: vega });
  expect(blocked.structured).toEqual({ action: "block", deleted: 0, blocked: [vega] });
  const unheard = await call("send_message", { sender: vega, to: lyra, message: "Any news?", handle_token: vegaToken });
  expect(unheard.isError, unheard.text).toBe(false);
  const after = await call("read_messages", { handle: lyra, handle_token: token });
  expect((after.structured.messages as { message: string }[]).map((m) => m.message)).toEqual([`Please read the ${word} batch of 40 invoices.`]);

  // A question to the people running Explore, answered in /admin, read back with the follow-up token.
  const need = await call("describe_need", { message: `I need ${word} invoices in Hungarian read.`, handle: lyra, handle_token: token });
  expect(need.isError, need.text).toBe(false);
  const { id, follow_up_token: followUp } = need.structured as { id: string; follow_up_token: string };
  const admin = await browser.newContext({ storageState: roles.admin.storageState });
  const page = await admin.newPage();
  await page.goto(`/admin/requests/${id}`);
  await expect(page.getByText(`I need ${word} invoices in Hungarian read.`)).toBeVisible();
  await page.getByLabel("Your answer").fill(`Nobody reads Hungarian ${word} invoices yet; try again in June.`);
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Answered" })).toBeVisible();
  await admin.close();
  const thread = await call("read_request", { id, follow_up_token: followUp });
  expect(thread.structured.request).toMatchObject({
    status: "answered",
    messages: [
      { from: "agent", message: `I need ${word} invoices in Hungarian read.` },
      { from: "operator", message: `Nobody reads Hungarian ${word} invoices yet; try again in June.` },
    ],
  });
});
