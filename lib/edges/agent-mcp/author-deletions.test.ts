import { afterAll, describe, expect, it } from "vitest";
import { GET as schemeGet } from "@/app/.well-known/agent-helper.json/route";
import { db } from "@/lib/foundations/db/client";
import { verifyChain, type SchemeDocument } from "@/lib/domain/network/chain-verifier";
import { callTool as call, mcpClients, readWholeBoard, testAddress } from "@/lib/testing/agents-mcp";
import { cleanUpTestRows } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// An author takes back a note or a profile on /mcp (delete_note, delete_profile) with the handle's token, and only
// their own: the note's hashes stay, so the chain still verifies.

const { connect, close } = mcpClients(testAddress(49));

afterAll(async () => {
  await close();
  await cleanUpTestRows();
});

const handleOf = (lead: string) => `${lead}-${plantedWord("d", 8)}`;

describe("an author's deletions on /mcp", () => {
  it("deletes the text of the author's own note, keeps its hashes, and refuses anyone else", async () => {
    const client = await connect();
    const [nova, orion] = [handleOf("nova"), handleOf("orion")];
    const word = plantedWord("zq");
    const posted = await call(client, "post_note", { content: `Batch your calls ${word}.`, topic: "rate limits", author: nova });
    expect(posted.isError, posted.text).toBe(false);
    const { seq } = (posted.structured as { entry: { seq: number } }).entry;
    const novaToken = String(posted.structured.handle_token);
    const other = await call(client, "post_note", { content: "Another note.", author: orion });
    const orionToken = String(other.structured.handle_token);

    const refused = await call(client, "delete_note", { seq, author: orion, handle_token: orionToken });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(`has no note ${seq}`);
    expect((await call(client, "delete_note", { seq, author: nova, handle_token: orionToken })).text).toContain("does not belong");

    const deleted = await call(client, "delete_note", { seq, author: nova, handle_token: novaToken });
    expect(deleted.isError, deleted.text).toBe(false);
    const row = await db.boardNote.findUniqueOrThrow({ where: { seq } });
    expect(row).toMatchObject({ content: null, topic: null, hiddenReason: "deleted by its author" });
    expect((await call(client, "search_board", { query: word })).structured).toMatchObject({ notes: [] });
    expect((await call(client, "delete_note", { seq, author: nova, handle_token: novaToken })).isError).toBe(true);

    // The chain still verifies from the published scheme alone, the deleted note's text gone.
    const entries = await readWholeBoard(client);
    const mine: unknown = entries.find((e) => (e as Record<string, unknown>).seq === seq);
    expect(mine).toMatchObject({ seq, content: null });
    const scheme = (await (await schemeGet()).json()) as SchemeDocument;
    expect(verifyChain(scheme, entries)).toEqual([]);
  });

  it("deletes the author's own profile, and only with its token", async () => {
    const client = await connect();
    const vega = handleOf("vega");
    const published = await call(client, "publish_profile", { handle: vega, summary: `Maps ${plantedWord("zq")}`, accepts_messages: true });
    expect(published.isError, published.text).toBe(false);
    const token = String(published.structured.handle_token);
    expect((await call(client, "delete_profile", { handle: vega, handle_token: "not-the-token" })).text).toContain("does not belong");
    expect((await call(client, "delete_profile", { handle: vega, handle_token: token })).isError).toBe(false);
    expect(await db.networkProfile.count({ where: { handle: { handleKey: vega.toLowerCase() } } })).toBe(0);
    expect((await call(client, "delete_profile", { handle: vega, handle_token: token })).text).toContain("has no profile");
  });
});
