import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/model/accounts/viewer";

// A foreign document through the dashboard's import form, the editor and publishing, against the real
// (throw-away) database: it opens a draft with the right source and its note, publishing stores the registry
// record in the import's transaction, and the export gives back what both formats hold. Only the viewer and
// Next's cache are stand-ins.

vi.hoisted(() => vi.stubEnv("RATE_LIMIT_IMPORTS", "1000000/1h"));
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { importAgentAction } from "@/lib/domain/publishing/entry-actions";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { editAgentAction, openInEditorAction, publishDraftAction, saveDraftMaintainersAction } from "@/lib/domain/publishing/draft-actions";
import { findDraftImport } from "@/lib/domain/publishing/imported-drafts";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { redirectTarget } from "@/lib/testing/next-redirect";
import { session } from "@/lib/testing/viewer-stub";
import { GET as getEntry } from "@/app/api/v1/agents/[handle]/ga4gh-entry.json/route";
import { ga4ghEntryToAgentFile } from "./ga4gh/to-agent-file";
import { agentEntrySchema } from "./ga4gh/entry-schema";
import { completed, readJsonFixture } from "./testing";

const entryFixture = () => readJsonFixture(new URL("./ga4gh/fixtures/agent-entry.json", import.meta.url));
const registration = () => readJsonFixture(new URL("./a2awire/fixtures/registration.json", import.meta.url));

let viewer: Viewer;
const handles: string[] = [];

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});
beforeEach(async () => {
  viewer = await createTestUser();
  session.viewer = viewer;
});

const idOf = (target: string) => decodeURIComponent(target.replace("/dashboard/drafts/", ""));

// Published records are due for the worker at once: should any test file's worker take one, it reads loopback
// (a closed port) and nothing further.
const AGENT_INFO_URI = "https://127.0.0.1:9/service-info";

/** An entry whose id (and so handle) is new to this run. */
function freshEntry(): Record<string, unknown> {
  const handle = uniqueHandle("g");
  handles.push(handle);
  return { ...entryFixture(), id: handle.slice(1), agent_info_uri: AGENT_INFO_URI };
}

async function importText(text: string) {
  return importAgentAction(null, formData({ text, publish: "on" }));
}

function entryRequest(handle: string) {
  // Its own client address: route tests share the API's rate-limit bucket otherwise.
  return new Request(`http://127.0.0.1/api/v1/agents/${handle}/ga4gh-entry.json`, { headers: { "x-forwarded-for": "198.51.100.14" } });
}

async function exported(handle: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await getEntry(entryRequest(handle), { params: Promise.resolve({ handle }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("importing another format opens a draft instead", () => {
  it("a GA4GH entry: a draft from ga4gh_entry with the converted agent.json, what to complete, and the snapshot beside it", async () => {
    const entry = freshEntry();
    const target = await redirectTarget(importText(JSON.stringify(entry)));
    const draft = await db.agentDraft.findUniqueOrThrow({ where: { id: idOf(target) }, include: { importNote: true } });
    expect(draft).toMatchObject({ ownerId: viewer.id, source: "ga4gh_entry", agentId: null });
    expect(JSON.parse(draft.text)).toMatchObject({ agent: { handle: `@${String(entry.id)}`, display_name: "Cohort Consent Checker" } });
    expect(draft.importNote).toMatchObject({ format: "ga4gh_entry", agentInfoUri: AGENT_INFO_URI });
    const note = await findDraftImport(viewer.id, draft.id);
    expect(note?.toComplete.map((t) => t.path)).toContain("adapter.endpoint");
    // Nothing was imported: no agent of that handle exists.
    expect(await db.agent.count({ where: { handle: `@${String(entry.id)}` } })).toBe(0);
    // Another publisher's view of the note: none.
    const other = await createTestUser();
    expect(await findDraftImport(other.id, draft.id)).toBeNull();
  });

  it("an A2AWire registration: a draft from a2awire", async () => {
    const target = await redirectTarget(importText(JSON.stringify(registration())));
    const draft = await db.agentDraft.findUniqueOrThrow({ where: { id: idOf(target) }, include: { importNote: true } });
    expect(draft.source).toBe("a2awire");
    expect(draft.importNote?.agentInfoUri).toBeNull();
    expect(JSON.parse(draft.text)).toMatchObject({
      capabilities: [{ name: "Tide forecast", plans: [{ type: "per_call", price_usd: 0.05 }] }, { name: "Moon phase" }],
    });
  });

  it("a bad entry or an unknown document: refused in words at the source's paths, and no draft is made", async () => {
    const before = await db.agentDraft.count({ where: { ownerId: viewer.id } });
    const bad = { ...freshEntry(), homepage: "nowhere" };
    const refused = await importText(JSON.stringify(bad));
    expect(refused).toMatchObject({
      ok: false,
      message: "This GA4GH registry agent entry has 1 problem; no draft was made.",
      details: { format: "ga4gh_entry", errors: [{ path: "homepage", message: "must be a URL such as https://example.org/" }] },
    });
    const unknown = await importText(JSON.stringify({ hello: "world" }));
    expect(unknown).toMatchObject({ ok: false, message: expect.stringContaining("is not one Explore can import") });
    expect(await db.agentDraft.count({ where: { ownerId: viewer.id } })).toBe(before);
  });
});

describe("publishing a draft from a GA4GH entry, and the export", () => {
  async function publishedFromEntry(entry: Record<string, unknown>): Promise<string> {
    const target = await redirectTarget(importText(JSON.stringify(entry)));
    const id = idOf(target);
    const conversion = ga4ghEntryToAgentFile(entry);
    if (!conversion.ok) throw new Error("fixture");
    const text = JSON.stringify(completed(conversion.agentFile, conversion.toComplete), null, 2);
    await redirectTarget(publishDraftAction(null, formData({ id, text, publish: "yes" })));
    return `@${String(entry.id)}`;
  }

  it("stores the registry record with the agent; the draft and its note go", async () => {
    const handle = await publishedFromEntry(freshEntry());
    const agent = await db.agent.findUniqueOrThrow({ where: { handle }, include: { registryRecord: true } });
    expect(agent.status).toBe("published");
    expect(agent.registryRecord).toMatchObject({
      agentInfoUri: AGENT_INFO_URI,
      syncedAt: new Date("2026-09-22T06:00:00Z"),
      lastFailure: null,
    });
    // Due for the worker at once: the registry's snapshot may be old.
    expect(agent.registryRecord?.nextSyncAt).not.toBeNull();
    expect(await db.agentDraft.count({ where: { ownerId: viewer.id, source: "ga4gh_entry" } })).toBe(0);
    expect(await db.draftImport.count({ where: { draft: { ownerId: viewer.id } } })).toBe(0);
  });

  it("round trip: entry → import → export keeps what both formats hold", async () => {
    const entry = freshEntry();
    const handle = await publishedFromEntry(entry);
    const { status, body } = await exported(handle);
    expect(status).toBe(200);
    expect(agentEntrySchema.safeParse(body).success, JSON.stringify(agentEntrySchema.safeParse(body).error?.issues)).toBe(true);
    const kept = [
      "id",
      "type",
      "name",
      "summary",
      "description",
      "homepage",
      "repository",
      "license",
      "maintainers",
      "version",
      "keywords",
      "category",
      "ga4gh_standards",
      "certification_tier",
      "record",
      "agent_info_uri",
    ];
    for (const key of kept) expect(body[key], key).toEqual(entry[key]);
    expect(body.safety_classification).toEqual(expect.arrayContaining(entry.safety_classification as unknown[]));
    expect(body.agent_info_snapshot).toEqual(entry.agent_info_snapshot);
  });

  it("a failing write beside the import rolls the whole import back", async () => {
    const handle = uniqueHandle("g");
    handles.push(handle);
    const text = JSON.stringify(minimalAgentFile({ agent: { handle, display_name: "Half", purpose: "Never half-written." } }));
    await expect(
      importAgentFile({
        text,
        ownerId: viewer.id,
        alsoStore: () => Promise.reject(new Error("the registry record could not be written")),
      }),
    ).rejects.toThrow("the registry record could not be written");
    expect(await db.agent.count({ where: { handle } })).toBe(0);
  });

  it("an agent from no registry entry is described from what Explore knows, its public services only", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: [{ capabilityId: "cap_general" }, { capabilityId: "cap_adult", contentRating: "mature" }, { capabilityId: "cap_hidden", listed: false }],
      extra: { website: "https://agent.example.org/" },
    });
    // No maintainer stated: no entry, and the answer says what is missing (never the account's email).
    const missing = await exported(agent.handle);
    expect(missing.status).toBe(409);
    expect(String(missing.body.detail)).toContain("its publisher has not stated any");
    await db.agent.update({ where: { id: agent.id }, data: { registryMaintainers: [{ name: "Grace Hopper", github: "ghopper" }] } });
    const { status, body } = await exported(agent.handle);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: agent.handle.slice(1),
      type: "agent",
      homepage: "https://agent.example.org/",
      maintainers: [{ name: "Grace Hopper", github: "ghopper" }],
      certification_tier: "unsigned",
    });
    expect(body.agent_info_snapshot).toMatchObject({ trust_level: "not-assessed", auo_capabilities: ["cap_general"] });
    expect(JSON.stringify(body)).not.toContain("cap_adult");
    const unpublished = await createTestAgent({ ownerId: owner.id, status: "unpublished" });
    expect((await exported(unpublished.handle)).status).toBe(404);
    expect((await exported("@no-such-agent-anywhere")).status).toBe(404);
  });

  it("the maintainers stated in the editor go with the agent when the draft is published, and into its entry", async () => {
    const handle = uniqueHandle("m");
    handles.push(handle);
    const text = JSON.stringify(
      minimalAgentFile({
        agent: { handle, display_name: "Stated", purpose: "Has its maintainers stated in the editor." },
        defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false } },
      }),
    );
    const id = idOf(await redirectTarget(openInEditorAction(null, formData({ text, source: "import" }))));
    const refused = await saveDraftMaintainersAction(null, formData({ id, maintainers: "Ada Lovelace" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { maintainers: ["Line 1: the GitHub user name is missing (name, then GitHub user name)."] } });
    expect(await saveDraftMaintainersAction(null, formData({ id, maintainers: "Ada Lovelace, ada-l, Analytical Engines" }))).toMatchObject({
      ok: true,
      message: "Saved 1 maintainer.",
    });
    // Another publisher's save finds no draft.
    const own = session.viewer;
    session.viewer = await createTestUser();
    expect(await saveDraftMaintainersAction(null, formData({ id, maintainers: "Mallory, mallory" }))).toMatchObject({ ok: false });
    session.viewer = own;
    await redirectTarget(publishDraftAction(null, formData({ id, publish: "yes" })));
    const { status, body } = await exported(handle);
    expect(status).toBe(200);
    expect(body.maintainers).toEqual([{ name: "Ada Lovelace", github: "ada-l", affiliation: "Analytical Engines" }]);
    // A later edit opens with them, and publishing it without touching them keeps them.
    const again = idOf(await redirectTarget(editAgentAction(null, formData({ handle }))));
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id: again } })).maintainers).toEqual([
      { name: "Ada Lovelace", github: "ada-l", affiliation: "Analytical Engines" },
    ]);
  });
});
