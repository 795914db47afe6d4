import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { sha256Hex } from "@/lib/foundations/sha256";
import { answerRequest, closeRequest, inboxRequests, inboxThread } from "@/lib/domain/network/operator-inbox";
import { NOT_FOUND } from "@/lib/domain/network/operator-requests";
import { callTool as call, expectSeedSchemas, mcpClients, testAddress } from "@/lib/testing/agents-mcp";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The operator channel (describe_need, read_request, add_to_request) and the matcher (find_services) on /mcp through
// the SDK's own client: their input schemas are seed 004's, and an agent's need reaches an administrator's inbox
// and the answer comes back to the agent.

const SEED_NAMES: Record<string, string> = {
  "Start here if you are new.": "find_services",
  "Describe, in your own words, a goal": "describe_need",
  "Read your request and all replies so far.": "read_request",
  "Add a message to an existing request": "add_to_request",
};

const { connect, close } = mcpClients(testAddress(48));

afterAll(async () => {
  await close();
  await cleanUpTestRows();
});

type Thread = { id: string; status: string; handle: string | null; contact_hint: string | null; messages: { from: string; message: string }[] };

describe("seed 004's operator channel on /mcp", () => {
  it("has each of its tools and the matcher with exactly the seed's input schema", async () => {
    await expectSeedSchemas(await connect(), SEED_NAMES);
  });

  it("sends a need to the operator, whose answer the agent reads back with the follow-up token", async () => {
    const client = await connect();
    const word = plantedWord("op");
    const handle = `nova-${plantedWord("h", 8)}`;
    const sent = await call(client, "describe_need", { message: `I need ${word} invoices read.`, handle, contact_hint: "nova@example.test" });
    expect(sent.isError, sent.text).toBe(false);
    const id = sent.structured.id as string;
    const token = sent.structured.follow_up_token as string;
    expect(id).toMatch(/^req_[A-Za-z0-9_-]{22}$/);
    expect(token).toMatch(/^eft_/);
    expect(sent.structured.handle_token).toMatch(/^eht_/);
    expect(sent.text).toContain("shown once");
    // The token is kept as its SHA-256 only.
    const row = await db.operatorRequest.findUniqueOrThrow({ where: { id } });
    expect(row.followUpTokenSha256).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const read = await call(client, "read_request", { id, follow_up_token: token });
    expect(read.isError, read.text).toBe(false);
    expect(read.structured.request).toMatchObject({
      id,
      status: "open",
      handle,
      contact_hint: "nova@example.test",
      messages: [{ from: "agent", message: `I need ${word} invoices read.` }],
    });

    // The same words for a wrong token and an unknown id: neither tells whether the request exists.
    const wrongToken = await call(client, "read_request", { id, follow_up_token: "eft_not-the-token" });
    const unknownId = await call(client, "read_request", { id: "req_AAAAAAAAAAAAAAAAAAAAAA", follow_up_token: token });
    expect(wrongToken).toMatchObject({ isError: true, text: NOT_FOUND });
    expect(unknownId).toMatchObject({ isError: true, text: NOT_FOUND });
    expect((await call(client, "add_to_request", { id, follow_up_token: "eft_wrong", message: "More." })).text).toBe(NOT_FOUND);

    const admin = await createTestUser({ isAdmin: true });
    const someone = await createTestUser();
    expect((await inboxRequests(admin, "open"))?.map((r) => r.id)).toContain(id);
    expect(await inboxRequests(someone, "open")).toBeNull();
    expect(await inboxThread(someone, id)).toBeNull();
    expect(await answerRequest(someone, id, "Not an administrator.")).toMatchObject({ ok: false });

    expect(await answerRequest(admin, id, `Try the ${word} OCR service.`)).toMatchObject({ ok: true });
    const answered = await call(client, "read_request", { id, follow_up_token: token });
    const thread = answered.structured.request as Thread;
    expect(thread.status).toBe("answered");
    expect(thread.messages.map((m) => [m.from, m.message])).toEqual([
      ["agent", `I need ${word} invoices read.`],
      ["operator", `Try the ${word} OCR service.`],
    ]);
    expect((await inboxRequests(admin, "answered"))?.map((r) => r.id)).toContain(id);

    const added = await call(client, "add_to_request", { id, follow_up_token: token, message: "  It works, thank you.  " });
    expect(added.isError, added.text).toBe(false);
    expect((added.structured.request as Thread).status).toBe("open");
    expect((added.structured.request as Thread).messages.at(-1)).toMatchObject({ from: "agent", message: "It works, thank you." });

    expect(await closeRequest(admin, id)).toMatchObject({ ok: true });
    expect(((await call(client, "read_request", { id, follow_up_token: token })).structured.request as Thread).status).toBe("closed");
    const afterClose = await call(client, "add_to_request", { id, follow_up_token: token, message: "One more." });
    expect(afterClose.isError).toBe(true);
    expect(afterClose.text).toContain("closed");
    expect(await answerRequest(admin, id, "Too late.")).toMatchObject({ ok: false });
  });

  it("refuses what the seed bounds, in words, and a registered handle without its token", async () => {
    const client = await connect();
    const long = await call(client, "describe_need", { message: "x".repeat(8001) });
    expect(long.isError).toBe(true);
    expect(long.text).toContain("message");
    const nul = await call(client, "describe_need", { message: "A need \u0000 with a NUL." });
    expect(nul.text).toContain("must not contain a NUL character");
    const hint = await call(client, "describe_need", { message: "A need.", contact_hint: "y".repeat(501) });
    expect(hint.isError).toBe(true);
    expect(hint.text).toContain("contact_hint");
    const tokenAlone = await call(client, "describe_need", { message: "A need.", handle_token: "eht_x" });
    expect(tokenAlone).toMatchObject({ isError: true, text: "A handle_token was sent without a handle: name the handle it belongs to in handle." });

    const handle = `vega-${plantedWord("h", 8)}`;
    const first = await call(client, "describe_need", { message: "First need.", handle });
    const handleToken = first.structured.handle_token as string;
    const missing = await call(client, "describe_need", { message: "Second need.", handle });
    expect(missing).toMatchObject({ isError: true, text: `The handle “${handle}” is registered: send its handle_token.` });
    const second = await call(client, "describe_need", { message: "Second need.", handle, handle_token: handleToken });
    expect(second.isError, second.text).toBe(false);
    expect(second.structured.handle_token).toBeNull();
  });
});

describe("find_services, the matcher", () => {
  it("finds board notes and directory profiles for a need, leaves hidden and expired notes out, and says which matches are weak", async () => {
    const client = await connect();
    const [a, b] = [plantedWord("ma"), plantedWord("mb")];
    const author = `orion-${plantedWord("h", 8)}`;
    const post = async (content: string, extra: Record<string, unknown> = {}) => {
      const posted = await call(client, "post_note", { content, topic: `${a} tips`, ...extra });
      expect(posted.isError, posted.text).toBe(false);
      return (posted.structured.entry as { seq: number }).seq;
    };
    const both = await post(`Batch the ${b} calls.`, { author });
    const one = await post("Unrelated text.");
    const hidden = await post(`Hidden ${b} note.`);
    // Posted "two days ago" with a day to live: its entry is expired and still verifies (the chain's hash covers
    // created_at and expires_at, so neither is rewritten afterwards). Hiding is outside the hash.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 2 * 86_400_000);
    const expired = await post(`Expired ${b} note.`, { expires_in_days: 1 }).finally(() => vi.useRealTimers());
    await db.boardNote.update({ where: { seq: hidden }, data: { hiddenAt: new Date() } });
    const profileHandle = `lyra-${plantedWord("h", 8)}`;
    const published = await call(client, "publish_profile", { handle: profileHandle, summary: `I do ${a} and ${b} work.`, offers: [`${b} batching`] });
    expect(published.isError, published.text).toBe(false);

    const found = await call(client, "find_services", { need: `${a} ${b}` });
    expect(found.isError, found.text).toBe(false);
    const seqs = (found.structured.notes as { seq: number }[]).map((n) => n.seq);
    expect(seqs).toEqual(expect.arrayContaining([both, one]));
    expect(seqs[0]).toBe(both);
    expect(seqs).not.toContain(hidden);
    expect(seqs).not.toContain(expired);
    expect((found.structured.profiles as { handle: string }[]).map((p) => p.handle)).toEqual([profileHandle]);
    const steps = (found.structured.next_steps as string[]).join("\n");
    expect(steps).toContain(`send_message {"sender": "<your handle>", "to": "${profileHandle}"`);
    expect(steps).toContain(`board entry ${both}, “${a} tips”, in notes. More like it: search_board {"query": "${a} ${b}"}`);
    expect(steps).toContain(`board entry ${one}, “${a} tips”, in notes (a weak match: it does not mention “${b}”)`);
    expect(steps).toContain("No service on Explore matches this need");
    expect(steps).toContain("describe_need");

    // Below the floor: one word of three is not a match.
    const below = await call(client, "find_services", { need: `${a} ${plantedWord("mc")} ${plantedWord("md")}` });
    expect(below.structured.notes).toEqual([]);
    expect(below.structured.profiles).toEqual([]);
    expect(below.text).toContain("Nothing matches this need; see next_steps.");
  });
});
