import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/model/accounts/viewer";

// The editor's actions as the pages call them, against the real (throw-away) database and, for "Try it",
// a real MCP server on loopback through Explore's guarded fetch. Only the viewer is stubbed.

vi.hoisted(() => vi.stubEnv("EXPLORE_ALLOW_LOOPBACK_ADAPTERS", "1"));
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { redirectTarget } from "@/lib/testing/next-redirect";
import { session } from "@/lib/testing/viewer-stub";
import {
  confirmSuggestionAction,
  deleteDraftAction,
  editAgentAction,
  editorFormAction,
  newDraftAction,
  openInEditorAction,
  publishDraftAction,
  saveDraftAction,
  tryDraftExampleAction,
} from "./draft-actions";
import { SUGGESTION_PREFIX } from "./suggestions";
import { BLANK_DRAFT_TEXT, MAX_DRAFTS_PER_OWNER, TOO_MANY_DRAFTS } from "./draft-limits";

let adapter: TestServer;
let viewer: Viewer;
const handles: string[] = [];

beforeAll(async () => {
  adapter = await startMcpServer();
});
afterAll(async () => {
  await closeAdapterClients();
  await adapter.close();
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});
beforeEach(async () => {
  viewer = await createTestUser();
  session.viewer = viewer;
});

const idOf = (target: string) => decodeURIComponent(target.replace("/dashboard/drafts/", ""));

function agentText(handle: string, overrides: Parameters<typeof minimalCapability>[0] = {}): string {
  handles.push(handle);
  const doc = minimalAgentFile({
    agent: { handle, display_name: "Adder", purpose: "Adds numbers." },
    adapter: { endpoint: adapter.url },
    defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false } },
    capabilities: [
      minimalCapability({ tool: "add", capability_id: "cap_add", class: "transformation", example: { input: { a: 2, b: 3 } }, ...overrides }),
      minimalCapability({ tool: "echo", capability_id: "cap_echo", offered: false }),
    ],
  });
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function openText(text: string, source: "connect" | "import" = "connect"): Promise<string> {
  return idOf(await redirectTarget(openInEditorAction(null, formData({ text, source }))));
}

describe("creating drafts", () => {
  it("makes a blank draft, a draft from Connect and one from a refused import, each the viewer's own", async () => {
    const blank = idOf(await redirectTarget(newDraftAction(null, formData({}))));
    const connected = await openText('{"ekl": "1.0"}', "connect");
    const imported = await openText('{"ekl": "1.0", "broken": true}', "import");
    const rows = await db.agentDraft.findMany({ where: { id: { in: [blank, connected, imported] } }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.source, r.ownerId, r.agentId])).toEqual([
      ["blank", viewer.id, null],
      ["connect", viewer.id, null],
      ["import", viewer.id, null],
    ]);
    expect(rows[0]?.text).toBe(BLANK_DRAFT_TEXT);
    expect(rows[2]?.text).toBe('{"ekl": "1.0", "broken": true}');
  });

  it('opens an agent\'s stored document for "Edit", and the same draft again the second time', async () => {
    const handle = uniqueHandle("ed");
    const imported = await importAgentFile({ text: agentText(handle), ownerId: viewer.id });
    expect(imported.ok).toBe(true);
    const first = idOf(await redirectTarget(editAgentAction(null, formData({ handle }))));
    const second = idOf(await redirectTarget(editAgentAction(null, formData({ handle }))));
    expect(second).toBe(first);
    const draft = await db.agentDraft.findUniqueOrThrow({ where: { id: first }, include: { agent: true } });
    expect(draft.source).toBe("agent");
    expect(draft.agent?.handle).toBe(handle);
    expect(JSON.parse(draft.text)).toEqual(draft.agent?.document);
    expect(draft.baseUpdatedAt?.getTime()).toBe(draft.agent?.updatedAt.getTime());
  });

  it(`keeps at most ${MAX_DRAFTS_PER_OWNER} drafts per publisher, and none over the size limit`, async () => {
    await db.agentDraft.createMany({
      data: Array.from({ length: MAX_DRAFTS_PER_OWNER }, () => ({ ownerId: viewer.id, source: "blank" as const, text: "{}" })),
    });
    expect(await newDraftAction(null, formData({}))).toEqual({ ok: false, message: TOO_MANY_DRAFTS });
    expect(await db.agentDraft.count({ where: { ownerId: viewer.id } })).toBe(MAX_DRAFTS_PER_OWNER);
    await db.agentDraft.deleteMany({ where: { ownerId: viewer.id } });
    const huge = `{"x": "${"a".repeat(600 * 1024)}"}`;
    expect(await openInEditorAction(null, formData({ text: huge, source: "import" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("at most 512 KB"),
    });
    expect(await db.agentDraft.count({ where: { ownerId: viewer.id } })).toBe(0);
  });
});

describe("saving and checking", () => {
  it("autosaves the text and answers every error with its place", async () => {
    const id = await openText("{}");
    const text = agentText(uniqueHandle("sv"), { summary: "Short", content_rating: "mature" });
    const result = await saveDraftAction({ id, text });
    if (!result.ok) throw new Error(result.message);
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id } })).text).toBe(text);
    const summary = result.data.errors.find((e) => e.path === "/capabilities/0/summary");
    expect(summary && text.slice(summary.from, summary.to)).toBe('"Short"');
    expect(summary?.line).toBeGreaterThan(1);
  });

  it("refuses a draft over the size limit and keeps the last saved text", async () => {
    const id = await openText("{}");
    const result = await saveDraftAction({ id, text: "x".repeat(513 * 1024) });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("at most 512 KB") });
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id } })).text).toBe("{}");
  });

  it("deletes a draft", async () => {
    const id = await openText("{}");
    expect(await deleteDraftAction(null, formData({ id }))).toMatchObject({ ok: true });
    expect(await db.agentDraft.count({ where: { id } })).toBe(0);
  });
});

describe("Try it", () => {
  it("runs the example against the draft's adapter and shows the structured answer", async () => {
    const id = await openText(agentText(uniqueHandle("try")));
    const result = await tryDraftExampleAction(null, formData({ id, capabilityId: "cap_add" }));
    expect(result).toMatchObject({ ok: true, data: { passed: true, output: { sum: 5 }, words: expect.stringContaining("It worked") } });
    // A draft's try keeps no execution record.
    expect(await db.execution.count({ where: { userId: viewer.id } })).toBe(0);
  });

  it("says in words when the answer does not fit the output schema", async () => {
    const id = await openText(
      agentText(uniqueHandle("try"), { output_schema: { type: "object", properties: { sum: { type: "string" } }, required: ["sum"] } }),
    );
    const result = await tryDraftExampleAction(null, formData({ id, capabilityId: "cap_add" }));
    expect(result).toMatchObject({ ok: true, data: { passed: false, words: expect.stringContaining("output schema") } });
  });

  it("refuses a draft with errors, without calling the adapter", async () => {
    // Tool calls only: the earlier tests' clients may still send their closing notifications meanwhile.
    const calls = () => adapter.methods.filter((m) => m === "tools/call" || m === "initialize").length;
    const before = calls();
    const id = await openText(agentText(uniqueHandle("try"), { summary: "Short" }));
    expect(await tryDraftExampleAction(null, formData({ id, capabilityId: "cap_add" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Fix the draft's errors"),
    });
    expect(calls()).toBe(before);
  });
});

describe("publishing", () => {
  it("imports the draft with only one service offered, removes the draft and lands on the dashboard", async () => {
    const handle = uniqueHandle("pub");
    const id = await openText(agentText(handle));
    const target = await redirectTarget(publishDraftAction(null, formData({ id, publish: "yes" })));
    expect(target).toBe(`/dashboard?from-editor=${encodeURIComponent(handle)}&published=1`);
    expect(await db.agentDraft.count({ where: { id } })).toBe(0);
    const agent = await db.agent.findUniqueOrThrow({ where: { handle }, include: { capabilities: { orderBy: { position: "asc" } } } });
    expect(agent.status).toBe("published");
    expect(agent.capabilities.map((c) => [c.capabilityId, c.listed])).toEqual([
      ["cap_add", true],
      ["cap_echo", false],
    ]);
  });

  it("saves as unpublished", async () => {
    const handle = uniqueHandle("unp");
    const id = await openText(agentText(handle));
    await redirectTarget(publishDraftAction(null, formData({ id, publish: "no" })));
    expect((await db.agent.findUniqueOrThrow({ where: { handle } })).status).toBe("unpublished");
  });

  it("on failure shows the errors in place and leaves both the draft and the agent untouched", async () => {
    const handle = uniqueHandle("fail");
    await importAgentFile({ text: agentText(handle), ownerId: viewer.id, publish: true });
    const id = idOf(await redirectTarget(editAgentAction(null, formData({ handle }))));
    const before = await db.agent.findUniqueOrThrow({ where: { handle }, include: { capabilities: true } });
    const broken = agentText(handle, { summary: "Short" });
    const result = await publishDraftAction(null, formData({ id, text: broken, publish: "yes" }));
    expect(result).toMatchObject({ ok: false, details: { errors: [expect.objectContaining({ path: "/capabilities/0/summary", line: expect.any(Number) })] } });
    expect(await db.agent.findUniqueOrThrow({ where: { handle }, include: { capabilities: true } })).toEqual(before);
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id } })).text).toBe(broken);
  });

  it("asks before replacing an agent changed by another import since the draft was opened", async () => {
    const handle = uniqueHandle("chg");
    await importAgentFile({ text: agentText(handle), ownerId: viewer.id });
    const id = idOf(await redirectTarget(editAgentAction(null, formData({ handle }))));
    // Another import (the CLI, say) changes the agent meanwhile.
    await importAgentFile({ text: agentText(handle, { name: "Changed elsewhere" }), ownerId: viewer.id });
    const changed = await db.agent.findUniqueOrThrow({ where: { handle }, select: { updatedAt: true, document: true } });
    const asked = await publishDraftAction(null, formData({ id, publish: "yes" }));
    expect(asked).toMatchObject({ ok: false, message: expect.stringContaining("changed by another import"), details: { confirm: { handle } } });
    expect(await db.agent.findUniqueOrThrow({ where: { handle }, select: { updatedAt: true, document: true } })).toEqual(changed);
    await redirectTarget(publishDraftAction(null, formData({ id, publish: "yes", overwrite: handle })));
    expect(await db.agentDraft.count({ where: { id } })).toBe(0);
  });

  it("asks before a connect draft replaces an agent of the publisher's with the same handle", async () => {
    const handle = uniqueHandle("dup");
    await importAgentFile({ text: agentText(handle), ownerId: viewer.id });
    const id = await openText(agentText(handle));
    expect(await publishDraftAction(null, formData({ id, publish: "yes" }))).toMatchObject({
      ok: false,
      message: expect.stringContaining(`You already have an agent ${handle}`),
      details: { confirm: { handle } },
    });
    await redirectTarget(publishDraftAction(null, formData({ id, publish: "yes", overwrite: handle })));
    expect(await db.agentDraft.count({ where: { id } })).toBe(0);
  });

  it("refuses a connected server's draft while a suggestion awaits confirmation; each is confirmed or changed, then it publishes", async () => {
    const handle = uniqueHandle("sug");
    const text = agentText(handle);
    const suggestions = [
      { path: "/execution_mode", value: "storage_free", why: "Every tool says it changes nothing (readOnlyHint)." },
      { path: "/capabilities/0/class", value: "transformation", why: "Its annotations say it changes nothing." },
      { path: "/capabilities/1/category", value: "real_estate.search", why: "A word of the tool's name is a tag." },
    ];
    const id = idOf(await redirectTarget(openInEditorAction(null, formData({ text, source: "connect", suggestions: JSON.stringify(suggestions) }))));
    const saved = await saveDraftAction(null, formData({ id, text }));
    expect(saved.ok && saved.data.errors.map((e) => [e.path, e.message.startsWith(SUGGESTION_PREFIX)])).toEqual([
      ["/execution_mode", true],
      ["/capabilities/0/class", true],
      ["/capabilities/1/category", true],
    ]);
    const refused = await publishDraftAction(null, formData({ id, publish: "yes" }));
    expect(refused).toMatchObject({
      ok: false,
      message: "The draft has 3 problems; nothing was imported.",
      details: { errors: [expect.objectContaining({ path: "/execution_mode", line: expect.any(Number) }), expect.anything(), expect.anything()] },
    });
    expect(await db.agent.count({ where: { handle } })).toBe(0);
    // Changed: no longer a suggestion. Confirmed as it stands: no longer waiting.
    const changed = text.replace('"execution_mode": "storage_free"', '"execution_mode": "durable"');
    expect(changed).not.toBe(text);
    const afterChange = await saveDraftAction(null, formData({ id, text: changed }));
    expect(afterChange.ok && afterChange.data.errors.map((e) => e.path)).toEqual(["/capabilities/0/class", "/capabilities/1/category"]);
    const confirmed = await confirmSuggestionAction(null, formData({ id, path: "/capabilities/0/class", text: changed }));
    expect(confirmed.ok && confirmed.data.errors.map((e) => e.path)).toEqual(["/capabilities/1/category"]);
    // Another publisher's confirmation finds no draft.
    const own = session.viewer;
    session.viewer = await createTestUser();
    expect(await confirmSuggestionAction(null, formData({ id, path: "/capabilities/1/category" }))).toMatchObject({ ok: false });
    session.viewer = own;
    expect(await confirmSuggestionAction(null, formData({ id, path: "/capabilities/1/category" }))).toMatchObject({ ok: true, data: { errors: [] } });
    await redirectTarget(publishDraftAction(null, formData({ id, publish: "yes" })));
    expect((await db.agent.findUniqueOrThrow({ where: { handle } })).executionMode).toBe("durable");
  });

  it("the editor's form confirms the chosen suggestion with the text sent (intent=confirm), saves, or publishes, a radio's path ignored", async () => {
    const handle = uniqueHandle("form");
    const text = agentText(handle);
    const suggestions = [
      { path: "/execution_mode", value: "storage_free", why: "Every tool says it changes nothing (readOnlyHint)." },
      { path: "/capabilities/0/class", value: "transformation", why: "Its annotations say it changes nothing." },
    ];
    const id = idOf(await redirectTarget(openInEditorAction(null, formData({ text, source: "connect", suggestions: JSON.stringify(suggestions) }))));
    // Publish or Save as unpublished: the checked radio's path travels too, and is no confirmation.
    expect(await editorFormAction(null, formData({ id, text, publish: "yes", path: "/execution_mode" }))).toMatchObject({
      ok: true,
      data: { published: { ok: false, message: "The draft has 2 problems; nothing was imported." } },
    });
    // "Confirm the chosen suggestion": the text as edited is saved, then the chosen path is confirmed.
    const edited = text.replace('"display_name": "Adder"', '"display_name": "Adder Deluxe"');
    expect(edited).not.toBe(text);
    const confirmed = await editorFormAction(null, formData({ id, text: edited, path: "/execution_mode", intent: "confirm" }));
    expect(confirmed.ok && "confirmed" in confirmed.data && confirmed.data.confirmed.ok && confirmed.data.confirmed.data.errors.map((e) => e.path)).toEqual([
      "/capabilities/0/class",
    ]);
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id } })).text).toBe(edited);
    // Check and Save draft (intent=save): the text is saved and checked, the path confirms nothing.
    const renamed = edited.replace('"Adder Deluxe"', '"Adder Supreme"');
    const saved = await editorFormAction(null, formData({ id, text: renamed, path: "/capabilities/0/class", intent: "save" }));
    expect(saved.ok && "saved" in saved.data && saved.data.saved.ok && saved.data.saved.data.errors.map((e) => e.path)).toEqual(["/capabilities/0/class"]);
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id } })).text).toBe(renamed);
    expect(await editorFormAction(null, formData({ id, text: edited, path: "/capabilities/0/class", intent: "undo" }))).toMatchObject({
      ok: false,
      message: "The editor's form could not be read.",
    });
  });

  it("an import's draft carries no suggestions, whatever is posted", async () => {
    const handle = uniqueHandle("nosug");
    const text = agentText(handle);
    const id = await openText(text, "import");
    expect(await db.agentDraft.findUniqueOrThrow({ where: { id }, select: { suggestions: true } })).toEqual({ suggestions: null });
  });
});
