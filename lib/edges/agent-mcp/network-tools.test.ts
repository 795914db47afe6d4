import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { GET as schemeGet } from "@/app/.well-known/agent-helper.json/route";
import { db } from "@/lib/foundations/db/client";
import { canonicalJson, type Canonicalizable } from "@/lib/domain/network/canonical-json";
import type { SchemeDocument } from "@/lib/domain/network/chain-verifier";
import { messagesForPublisher } from "@/lib/domain/network/messages";
import { openNetworkReports } from "@/lib/domain/network/reports";
import { callTool as call, expectSeedSchemas, mcpClients, testAddress } from "@/lib/testing/agents-mcp";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The network's tools on /mcp (directory, messages, mailbox, recovery, report) through the SDK's own client: their
// input schemas are seed 004's, and they behave as the seed says.

const SEED_NAMES: Record<string, string> = {
  "Lost your handle_token but still have the private key": "recover_handle",
  "Search the public directory of agents": "search_directory",
  "Publish or replace your public profile": "publish_profile",
  "Send a direct message or a task handoff": "send_message",
  "Read messages sent to your handle": "read_messages",
  "Keep your mailbox under control": "manage_mailbox",
  "Report a bug, request a feature": "report",
};

const { connect, close } = mcpClients(testAddress(47));

afterAll(async () => {
  await close();
  await cleanUpTestRows();
});

const handleOf = (lead: string) => `${lead}-${plantedWord("h", 8)}`;
const b64 = (bytes: Buffer) => bytes.toString("base64");

function newKey() {
  const pair = generateKeyPairSync("ed25519");
  return { privateKey: pair.privateKey, publicKey: b64(pair.publicKey.export({ format: "der", type: "spki" }).subarray(-32)) };
}
const signJson = (key: KeyObject, value: Canonicalizable) => b64(sign(null, Buffer.from(canonicalJson(value), "utf8"), key));

async function instanceId(): Promise<string> {
  return ((await (await schemeGet()).json()) as SchemeDocument).instance;
}

/** A handle with a key registered: its token, key id and private key. */
async function keyedHandle(client: Client, handle: string) {
  const key = newKey();
  const proof = signJson(key.privateKey, { purpose: "agent-helper/key", instance: await instanceId(), handle, public_key: key.publicKey });
  const registered = await call(client, "register_key", { handle, public_key: key.publicKey, proof });
  expect(registered.isError, registered.text).toBe(false);
  return { token: registered.structured.handle_token as string, keyId: registered.structured.key_id as string, privateKey: key.privateKey };
}

describe("seed 004's network tools on /mcp", () => {
  it("has each of them with exactly the seed's input schema", async () => {
    await expectSeedSchemas(await connect(), SEED_NAMES);
  });

  it("publishes profiles under a handle's token and finds them, with Explore's visible listings after them", async () => {
    const client = await connect();
    const word = plantedWord("dq");
    const nova = handleOf("nova");
    const first = await call(client, "publish_profile", {
      handle: nova,
      summary: `I translate ${word} German texts.`,
      offers: ["translation"],
      tags: ["translation"],
      contact: [{ kind: "mcp", value: "https://nova.example/mcp" }],
    });
    expect(first.isError, first.text).toBe(false);
    const token = first.structured.handle_token as string;
    expect(token).toMatch(/^eht_/);
    expect(first.structured.profile).toMatchObject({
      handle: nova,
      source: "profile",
      has_key: false,
      accepts_messages: true,
      contact: [{ kind: "mcp", value: "https://nova.example/mcp" }],
    });

    expect(await call(client, "publish_profile", { handle: nova, summary: "Taken over." })).toMatchObject({
      isError: true,
      text: `The handle “${nova}” is registered: send its handle_token.`,
    });
    const replaced = await call(client, "publish_profile", {
      handle: nova,
      summary: `I translate ${word} German and Dutch texts.`,
      tags: ["translation", "dutch"],
      handle_token: token,
    });
    expect(replaced.isError).toBe(false);
    expect(replaced.structured.handle_token).toBeNull();

    const owner = await createTestUser();
    const listed = await createTestAgent({ ownerId: owner.id, handle: uniqueHandle("trl"), extra: { purpose: `Translates ${word} German documents.` } });
    await createTestAgent({
      ownerId: owner.id,
      handle: uniqueHandle("trm"),
      capabilities: [{ contentRating: "mature" }],
      extra: { purpose: `Translates ${word} German for adults.` },
    });
    await createTestAgent({
      ownerId: owner.id,
      handle: uniqueHandle("tru"),
      status: "unpublished",
      extra: { purpose: `Translates ${word} German, unpublished.` },
    });

    const found = await call(client, "search_directory", { query: `${word} german` });
    const entries = found.structured.entries as { handle: string; source: string; summary: string; listing: unknown }[];
    expect(entries.map((e) => [e.handle, e.source])).toEqual([
      [nova, "profile"],
      [listed.handle.slice(1), "explore_listing"],
    ]);
    expect(entries[0]!.summary).toBe(`I translate ${word} German and Dutch texts.`);
    expect((await call(client, "search_directory", { query: `${word} dutch`, tag: "dutch" })).structured.entries).toHaveLength(1);
    expect((await call(client, "search_directory", { query: `${word} french` })).structured.entries).toEqual([]);
    const paged = await call(client, "search_directory", { query: word, limit: 1, offset: 1 });
    expect([(paged.structured.entries as { handle: string }[]).map((e) => e.handle), paged.structured.next_offset]).toEqual([[listed.handle.slice(1)], null]);

    const reserved = await call(client, "publish_profile", { handle: listed.handle.slice(1).toUpperCase(), summary: "Posing as a publisher." });
    expect(reserved.isError).toBe(true);
    expect(reserved.text).toContain("reserved for that publisher");
  });

  it("delivers messages and handoffs, reads them with a cursor, and checks a signed one", async () => {
    const client = await connect();
    const word = plantedWord("ms");
    const orion = handleOf("orion");
    const vega = await keyedHandle(client, handleOf("vega"));
    const vegaHandle = (await db.handleKey.findUniqueOrThrow({ where: { keyId: vega.keyId }, select: { handle: { select: { handle: true } } } })).handle.handle;
    const orionProfile = await call(client, "publish_profile", { handle: orion, summary: `Crawls ${word} sites.` });
    const orionToken = orionProfile.structured.handle_token as string;

    expect(await call(client, "send_message", { sender: vegaHandle, to: handleOf("nobody"), message: "Hello?", handle_token: vega.token })).toMatchObject({
      isError: true,
    });
    const hello = await call(client, "send_message", { sender: vegaHandle, to: orion, message: `Can you crawl ${word}.org?`, handle_token: vega.token });
    expect(hello.isError, hello.text).toBe(false);
    expect(hello.text).toContain("stored in clear on Explore and deleted on");
    const expires = new Date(hello.structured.expires_at as string).getTime() - Date.now();
    expect(Math.round(expires / 86_400_000)).toBe(30);

    const instance = await instanceId();
    const handoff = { sender: vegaHandle, to: orion, subject: "Crawl", message: `Crawl ${word}.org, depth 2.`, kind: "handoff", inReplyTo: null };
    const forged = await call(client, "send_message", {
      ...handoff,
      in_reply_to: null,
      handle_token: vega.token,
      key_id: vega.keyId,
      signature: signJson(vega.privateKey, { purpose: "agent-helper/message", instance, ...handoff, message: "Something else", in_reply_to: null }),
    });
    expect(forged.isError).toBe(true);
    const payload = {
      purpose: "agent-helper/message",
      instance,
      sender: vegaHandle,
      to: orion,
      subject: "Crawl",
      message: handoff.message,
      kind: "handoff",
      in_reply_to: null,
    };
    const signed = await call(client, "send_message", {
      sender: vegaHandle,
      to: orion,
      subject: "Crawl",
      message: handoff.message,
      kind: "handoff",
      handle_token: vega.token,
      key_id: vega.keyId,
      signature: signJson(vega.privateKey, payload),
    });
    expect(signed.isError, signed.text).toBe(false);

    expect(await call(client, "read_messages", { handle: orion, handle_token: "eht_wrong" })).toMatchObject({
      isError: true,
      text: `The handle_token does not belong to “${orion}”.`,
    });
    const inbox = await call(client, "read_messages", { handle: orion, handle_token: orionToken, limit: 1 });
    const [firstMessage] = inbox.structured.messages as { id: number; from: string; message: string }[];
    expect(firstMessage).toMatchObject({ from: vegaHandle, message: `Can you crawl ${word}.org?` });
    expect(inbox.structured.next_after).toBe(firstMessage!.id);
    const rest = await call(client, "read_messages", { handle: orion, handle_token: orionToken, after: inbox.structured.next_after });
    const [second] = rest.structured.messages as Record<string, unknown>[];
    expect(second).toMatchObject({ kind: "handoff", subject: "Crawl", key_id: vega.keyId, signature: signJson(vega.privateKey, payload) });
    // The recipient checks the signature with what read_messages answered and the published scheme alone.
    const { createPublicKey, verify } = await import("node:crypto");
    const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(second!.public_key as string, "base64")]);
    expect(
      verify(
        null,
        Buffer.from(canonicalJson(payload), "utf8"),
        createPublicKey({ key: spki, format: "der", type: "spki" }),
        Buffer.from(second!.signature as string, "base64"),
      ),
    ).toBe(true);
    const empty = await call(client, "read_messages", { handle: orion, handle_token: orionToken, after: rest.structured.next_after });
    expect([empty.structured.messages, empty.structured.next_after]).toEqual([[], rest.structured.next_after]);

    const answer = await call(client, "send_message", { sender: orion, to: vegaHandle, message: "On it.", in_reply_to: second!.id, handle_token: orionToken });
    expect(answer.isError, answer.text).toBe(false);
    expect(
      await call(client, "send_message", { sender: orion, to: vegaHandle, message: "Reply to nothing.", in_reply_to: 4_000_000_000, handle_token: orionToken }),
    ).toMatchObject({ isError: true });
    const outbox = await call(client, "read_messages", { handle: orion, handle_token: orionToken, box: "out" });
    expect(outbox.structured.messages).toMatchObject([{ to: vegaHandle, in_reply_to: second!.id, message: "On it." }]);

    // An expired message is never answered again, and is deleted.
    await db.networkMessage.update({ where: { id: BigInt(firstMessage!.id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const afterExpiry = await call(client, "read_messages", { handle: orion, handle_token: orionToken });
    expect((afterExpiry.structured.messages as { id: number }[]).map((m) => m.id)).toEqual([second!.id]);
    expect(await db.networkMessage.count({ where: { id: BigInt(firstMessage!.id) } })).toBe(0);
  });

  it("blocks a sender without telling it, deletes what it sent, and unblocks it", async () => {
    const client = await connect();
    const spam = handleOf("spam");
    const orion = handleOf("orion");
    const orionToken = (await call(client, "publish_profile", { handle: orion, summary: "Quiet agent." })).structured.handle_token as string;
    const spamToken = (await call(client, "send_message", { sender: spam, to: orion, message: "Buy now 1" })).structured.handle_token as string;
    const unblocked = await call(client, "send_message", { sender: spam, to: orion, message: "Buy now 2", handle_token: spamToken });

    expect(await call(client, "manage_mailbox", { handle: orion, handle_token: orionToken, action: "block" })).toMatchObject({
      isError: true,
      text: "block needs the handle it concerns in other.",
    });
    const blocked = await call(client, "manage_mailbox", { handle: orion, handle_token: orionToken, action: "block", other: spam.toUpperCase() });
    expect(blocked.structured).toEqual({ action: "block", deleted: 0, blocked: [spam.toLowerCase()] });

    const delivered = await call(client, "send_message", { sender: spam, to: orion, message: "Buy now 3", handle_token: spamToken });
    // Answered exactly like a delivered message: only its id and date differ.
    expect(delivered.isError).toBe(false);
    const shape = (text: string) => text.replace(/\d+/g, "N");
    expect(shape(delivered.text)).toBe(shape(unblocked.text));
    expect((await call(client, "read_messages", { handle: spam, handle_token: spamToken, box: "out" })).structured.messages).toHaveLength(3);
    const inbox = await call(client, "read_messages", { handle: orion, handle_token: orionToken });
    expect((inbox.structured.messages as { message: string }[]).map((m) => m.message)).toEqual(["Buy now 1", "Buy now 2"]);

    const cleared = await call(client, "manage_mailbox", { handle: orion, handle_token: orionToken, action: "delete_from", other: spam });
    expect(cleared.structured.deleted).toBe(2);
    await call(client, "manage_mailbox", { handle: orion, handle_token: orionToken, action: "unblock", other: spam });
    await call(client, "send_message", { sender: spam, to: orion, message: "Sorry.", handle_token: spamToken });
    expect(
      ((await call(client, "read_messages", { handle: orion, handle_token: orionToken })).structured.messages as { message: string }[]).map((m) => m.message),
    ).toEqual(["Sorry."]);
    expect((await call(client, "manage_mailbox", { handle: orion, handle_token: orionToken, action: "delete_all" })).structured.deleted).toBe(1);
    expect((await call(client, "read_messages", { handle: orion, handle_token: orionToken })).structured.messages).toEqual([]);
  });

  it("delivers a message to a publisher's agent handle to its publisher", async () => {
    const client = await connect();
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, handle: uniqueHandle("inb") });
    const word = plantedWord("pb");
    const sent = await call(client, "send_message", { sender: handleOf("nova"), to: agent.handle.slice(1), message: `Does your service do ${word}?` });
    expect(sent.isError, sent.text).toBe(false);
    const inbox = await messagesForPublisher(owner.id);
    expect(inbox).toMatchObject([{ agentHandle: agent.handle, message: `Does your service do ${word}?` }]);
    expect(await messagesForPublisher((await createTestUser()).id)).toEqual([]);
  });

  it("recovers a lost handle_token with the handle's key, once per challenge", async () => {
    const client = await connect();
    const handle = handleOf("lyra");
    const { token, privateKey } = await keyedHandle(client, handle);
    const keyless = handleOf("keyless");
    await call(client, "publish_profile", { handle: keyless, summary: "No key." });
    expect((await call(client, "recover_handle", { handle: keyless })).text).toContain("has no key registered");

    // The published scheme says what a challenge is and what is signed, for clients without Explore's code.
    const scheme = (await (await schemeGet()).json()) as { signatures: Record<string, string> };
    expect(scheme.signatures.recovery).toContain('"agent-helper/recover|<instance>|<handle in lowercase>|<nonce>|<expires_at>"');
    expect(scheme.signatures.message).toContain('"purpose": "agent-helper/message"');

    const asked = await call(client, "recover_handle", { handle });
    const challenge = asked.structured.challenge as string;
    expect(challenge).toMatch(new RegExp(`^agent-helper/recover\\|${await instanceId()}\\|${handle}\\|[A-Za-z0-9_-]+\\|\\d{4}-\\d\\d-\\d\\dT`));
    const signature = b64(sign(null, Buffer.from(challenge, "utf8"), privateKey));
    const wrongKey = b64(sign(null, Buffer.from(challenge, "utf8"), newKey().privateKey));
    expect((await call(client, "recover_handle", { handle, challenge, signature: wrongKey })).text).toContain("is not the Ed25519 signature");
    // The failed try used the challenge up.
    expect((await call(client, "recover_handle", { handle, challenge, signature })).text).toContain("unknown, used or expired");

    const again = (await call(client, "recover_handle", { handle })).structured.challenge as string;
    const recovered = await call(client, "recover_handle", { handle, challenge: again, signature: b64(sign(null, Buffer.from(again, "utf8"), privateKey)) });
    expect(recovered.isError, recovered.text).toBe(false);
    const fresh = recovered.structured.handle_token as string;
    expect(fresh).toMatch(/^eht_/);
    expect(fresh).not.toBe(token);
    expect((await call(client, "publish_profile", { handle, summary: "Old token.", handle_token: token })).text).toBe(
      `The handle_token does not belong to “${handle}”.`,
    );
    expect((await call(client, "publish_profile", { handle, summary: "New token.", handle_token: fresh })).isError).toBe(false);

    const expired = (await call(client, "recover_handle", { handle })).structured.challenge as string;
    await db.handleRecovery.updateMany({ where: { handle: { handleKey: handle.toLowerCase() } }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(
      (await call(client, "recover_handle", { handle, challenge: expired, signature: b64(sign(null, Buffer.from(expired, "utf8"), privateKey)) })).text,
    ).toContain("unknown, used or expired");
  });

  it("quarantines a report for administrators", async () => {
    const client = await connect();
    const text = `The ${plantedWord("rp")} tool answers 500 on empty input.`;
    const reported = await call(client, "report", { kind: "bug", text });
    expect(reported.structured).toMatchObject({ status: "quarantined" });
    expect((await openNetworkReports(1000)).find((r) => r.id === reported.structured.id)).toMatchObject({ kind: "bug", text });
    expect((await call(client, "report", { kind: "rant", text })).isError).toBe(true);
  });
});
