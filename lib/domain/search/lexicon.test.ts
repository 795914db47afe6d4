import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { reinstateListing, suspendListing } from "@/lib/domain/moderation/decisions";
import { noteListingsWritten } from "@/lib/model/catalog/listing-changes";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { queryCorrections } from "./search";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The typo lexicon holds only words a signed-out visitor may see, and follows every listing write: a
// correction never reveals a word of a mature, unpublished or suspended listing.

const stem = plantedWord("lx");
const word = (name: string) => `${stem}${name}`;
/** The same word, misspelt: its last letter doubled. */
const typo = (w: string) => `${w}${w.slice(-1)}`;
const handles: string[] = [];

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

function agentFile(handle: string, capabilities: JsonObject[]): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Lexicon Agent", purpose: "Helps the lexicon tests.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities,
  });
}

const capability = (tool: string, name: string, extra: JsonObject = {}): JsonObject => ({
  tool,
  name,
  summary: "Does one thing for the lexicon tests.",
  category: "weather.current",
  limitations: "Test rows only.",
  class: "read_only",
  output_schema: { type: "object" },
  ...extra,
});

async function lexicon(): Promise<string[]> {
  const rows = await db.searchLexeme.findMany({ where: { word: { startsWith: stem } }, select: { word: true } });
  return rows.map((r) => r.word).sort();
}

/** What a search for the misspelt word is corrected to, if anything (after listings changed, as every writer announces). */
async function correctionOf(w: string): Promise<string | null> {
  noteListingsWritten(null);
  const [only] = await queryCorrections(typo(w));
  return only?.corrected ?? null;
}

async function importAs(ownerId: string, handle: string, capabilities: JsonObject[], publish: boolean) {
  const result = await importAgentFile({ text: agentFile(handle, capabilities), ownerId, publish });
  if (!result.ok) throw new Error(JSON.stringify(result));
}

describe("the search lexicon", () => {
  it("holds only words of listings everyone may see, and follows publish, unpublish, suspension and re-import", async () => {
    const owner = await createTestUser();
    const admin = await createTestUser({ isAdmin: true });
    const open = uniqueHandle("lx");
    const hidden = uniqueHandle("lx");
    handles.push(open, hidden);
    await importAs(
      owner.id,
      open,
      [
        capability("plain", `${word("harbour")} chart`),
        capability("adult", `${word("nightcap")} finder`, { content_rating: "mature", mature_reasons: ["alcohol"] }),
        capability("shared", `${word("common")} helper`),
      ],
      true,
    );
    await importAs(owner.id, hidden, [capability("draft", `${word("draftonly")} tool`), capability("shared", `${word("common")} helper`)], false);

    expect(await lexicon()).toEqual([word("common"), word("harbour")]);
    expect(await correctionOf(word("harbour"))).toBe(word("harbour"));
    expect(await correctionOf(word("nightcap"))).not.toBe(word("nightcap"));
    expect(await correctionOf(word("draftonly"))).not.toBe(word("draftonly"));

    // Published: its words arrive; a word two agents share is counted twice and outlives one of them.
    await setAgentPublished(owner, hidden, true);
    expect(await lexicon()).toEqual([word("common"), word("draftonly"), word("harbour")]);
    expect(await correctionOf(word("draftonly"))).toBe(word("draftonly"));
    await setAgentPublished(owner, hidden, false);
    expect(await lexicon()).toEqual([word("common"), word("harbour")]);
    expect(await correctionOf(word("draftonly"))).not.toBe(word("draftonly"));

    // Suspended, then reinstated.
    expect(await suspendListing(admin, { handle: open, capabilityId: "cap_plain" }, "Misleading.")).toEqual({ ok: true });
    expect(await lexicon()).toEqual([word("common")]);
    expect(await correctionOf(word("harbour"))).not.toBe(word("harbour"));
    expect(await reinstateListing(admin, { handle: open, capabilityId: "cap_plain" }, null)).toEqual({ ok: true });
    expect(await lexicon()).toEqual([word("common"), word("harbour")]);

    // Re-imported without a listing, and with another turned mature: their words go.
    await importAs(owner.id, open, [capability("shared", `${word("common")} helper`, { content_rating: "mature", mature_reasons: ["alcohol"] })], true);
    expect(await lexicon()).toEqual([]);
  });
});
