import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { GET as schemeGet } from "@/app/.well-known/agent-helper.json/route";
import { canonicalJson, type Canonicalizable } from "@/lib/domain/network/canonical-json";
import { verifyChain, type SchemeDocument } from "@/lib/domain/network/chain-verifier";
import { callTool, expectSeedSchemas, mcpClients, readWholeBoard, seedTools, testAddress } from "@/lib/testing/agents-mcp";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The board's tools on /mcp through the SDK's own client (its HTTP requests handed straight to the route): their
// input schemas are seed 004's, read from the copy of the seed kept beside this file, and they behave as it says.

// The seed gives descriptions, not names: each of Explore's names for a seed tool, by how its description begins.
const SEED_NAMES: Record<string, string> = {
  "Read public messages that agents left": "read_board",
  "Search the public board for notes": "search_board",
  "Leave a note on the public board": "post_note",
  "Optional. Register an Ed25519 public key": "register_key",
};

const { connect, close } = mcpClients(testAddress(46));
const call = callTool;

afterAll(async () => {
  await close();
  await cleanUpTestRows();
});

describe("seed 004's board tools on /mcp", () => {
  it("has each of them with exactly the seed's input schema", async () => {
    expect(seedTools()).toHaveLength(19);
    await expectSeedSchemas(await connect(), SEED_NAMES);
  });

  it("posts, refuses in words, and answers a chain the published scheme verifies", async () => {
    const client = await connect();
    const word = plantedWord("bm");
    const nova = `nova-${plantedWord("h", 8)}`;
    const first = await call(client, "post_note", { content: `Batch ${word} calls.`, topic: "XYZ API", tags: ["api"], expires_in_days: 180, author: nova });
    expect(first.isError).toBe(false);
    const token = first.structured.handle_token as string;
    expect(token).toMatch(/^eht_/);
    expect(first.text).toContain("it is shown once");

    const missing = await call(client, "post_note", { content: `Again ${word}.`, author: nova });
    expect(missing).toMatchObject({ isError: true, text: `The handle “${nova}” is registered: send its handle_token.` });
    const wrong = await call(client, "post_note", { content: `Again ${word}.`, author: nova, handle_token: "eht_not-the-token" });
    expect(wrong).toMatchObject({ isError: true, text: `The handle_token does not belong to “${nova}”.` });
    const nul = await call(client, "post_note", { content: `Nul \u0000 ${word}.` });
    expect(nul.isError).toBe(true);
    expect(nul.text).toContain("must not contain a NUL character");
    const unknownKey = await call(client, "post_note", {
      content: `Signed ${word}.`,
      author: nova,
      handle_token: token,
      key_id: "0123456789abcdef",
      signature: "A".repeat(88),
    });
    expect(unknownKey).toMatchObject({
      isError: true,
      text: `key_id 0123456789abcdef is not the current key of “${nova}”: sign with the key register_key registered last.`,
    });
    const second = await call(client, "post_note", { content: `Second ${word}, signed by handle.`, author: nova, handle_token: token, tags: ["api", "tips"] });
    expect(second.isError).toBe(false);
    expect(second.structured.handle_token).toBeNull();

    const found = await call(client, "search_board", { query: `${word} second`, tag: "tips", author: nova });
    expect((found.structured.notes as { content: string }[]).map((n) => n.content)).toEqual([`Second ${word}, signed by handle.`]);

    const entries = await readWholeBoard(client);
    // Past the end, however far: no entries, and nothing after them.
    const beyond = await call(client, "read_board", { after: Number.MAX_SAFE_INTEGER });
    expect([beyond.isError, beyond.structured.entries, beyond.structured.next_after]).toEqual([false, [], null]);
    const scheme = (await (await schemeGet()).json()) as SchemeDocument;
    expect(verifyChain(scheme, entries)).toEqual([]);
    expect(entries.some((e) => e.content === `Second ${word}, signed by handle.`)).toBe(true);
  });

  it("registers keys on a handle; a signed note verifies from the scheme alone, and a retired key signs nothing new", async () => {
    const client = await connect();
    const word = plantedWord("bk");
    const orion = `orion-${plantedWord("h", 8)}`;
    const instance = ((await (await schemeGet()).json()) as SchemeDocument).instance;
    const b64 = (bytes: Buffer) => bytes.toString("base64");
    const sig = (key: KeyObject, value: Canonicalizable) => b64(sign(null, Buffer.from(canonicalJson(value), "utf8"), key));
    const newKey = () => {
      const pair = generateKeyPairSync("ed25519");
      const raw = pair.publicKey.export({ format: "der", type: "spki" }).subarray(-32);
      return { privateKey: pair.privateKey, publicKey: b64(raw) };
    };
    const register = (key: ReturnType<typeof newKey>, handleToken?: string) =>
      call(client, "register_key", {
        handle: orion,
        public_key: key.publicKey,
        proof: sig(key.privateKey, { purpose: "agent-helper/key", instance, handle: orion, public_key: key.publicKey }),
        ...(handleToken ? { handle_token: handleToken } : {}),
      });
    const noteBy = (key: ReturnType<typeof newKey>, content: string) =>
      sig(key.privateKey, { purpose: "agent-helper/note", instance, author: orion, topic: "Keys", content, tags: ["keys"], expires_in_days: 30 });
    /** Posts `content` as Orion's note on "Keys" under `keyId`, with the signature given. */
    const postSigned = (content: string, handleToken: string, keyId: string, signature: string) =>
      call(client, "post_note", {
        content,
        topic: "Keys",
        tags: ["keys"],
        expires_in_days: 30,
        author: orion,
        handle_token: handleToken,
        key_id: keyId,
        signature,
      });

    // A refused signed note registers no handle: the handle is still free afterwards.
    const fresh = `vega-${plantedWord("h", 8)}`;
    const refusedFirst = await call(client, "post_note", { content: `Signed ${word}.`, author: fresh, key_id: "0123456789abcdef", signature: "A".repeat(88) });
    expect(refusedFirst.isError).toBe(true);
    expect((await call(client, "post_note", { content: `Unsigned ${word}.`, author: fresh })).structured.handle_token).toMatch(/^eht_/);

    const first = newKey();
    const badProof = await call(client, "register_key", {
      handle: orion,
      public_key: first.publicKey,
      proof: sig(first.privateKey, { purpose: "agent-helper/key", instance, handle: "someone-else", public_key: first.publicKey }),
    });
    expect(badProof.isError).toBe(true);
    expect(badProof.text).toContain("proof is not the new key's Ed25519 signature");
    const registered = await register(first);
    expect(registered.isError).toBe(false);
    const token = registered.structured.handle_token as string;
    expect(token).toMatch(/^eht_/);
    const keyId = registered.structured.key_id as string;
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);

    const content = `Signed ${word} note.`;
    const forged = await postSigned(content, token, keyId, noteBy(first, "something else"));
    expect(forged.isError).toBe(true);
    expect(forged.text).toContain("signature is not the key's Ed25519 signature of the note");
    const signedNote = await postSigned(content, token, keyId, noteBy(first, content));
    expect(signedNote.isError).toBe(false);

    // A new key needs the handle's token, and retires the first one.
    const second = newKey();
    expect((await register(second)).text).toBe(`The handle “${orion}” is registered: send its handle_token.`);
    const replaced = await register(second, token);
    expect(replaced.structured.retired_key_ids).toEqual([keyId]);
    const retired = await postSigned(content, token, keyId, noteBy(first, content));
    expect(retired.isError).toBe(true);

    const entries = await readWholeBoard(client);
    const scheme = (await (await schemeGet()).json()) as SchemeDocument;
    // The first key's note still verifies, its key retired.
    expect(verifyChain(scheme, entries)).toEqual([]);
    const mine = entries.find((e) => e.content === content) as unknown as Record<string, unknown>;
    expect(mine).toMatchObject({ key_id: keyId, public_key: first.publicKey });
    const tampered = entries.map((e) => (e === (mine as unknown) ? { ...e, signature: noteBy(second, content) } : e));
    expect(verifyChain(scheme, tampered as never).some((p) => p.includes("hash does not match"))).toBe(true);
  });

  it("refuses a publisher agent's handle on every write under a handle", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, handle: uniqueHandle("res") });
    const client = await connect();
    const bare = agent.handle.slice(1);
    for (const [tool, args] of [
      ["post_note", { content: "Posing as a publisher.", author: bare }],
      ["request_capability", { title: "Something missing", description: "Posing as a publisher.", handle: bare.toUpperCase() }],
    ] as const) {
      const refused = await call(client, tool, args);
      expect(refused.isError, tool).toBe(true);
      expect(refused.text, tool).toContain("reserved for that publisher");
    }
  });
});
