import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Every export Explore offers imports again, on every demo agent: the A2A card and the GA4GH entry, read as a
// signed-out visitor through their routes, each open as a draft through the import's own conversion (no
// problem in the source document). A GA4GH entry names at least one maintainer: until the publisher states
// them, the export says in words what is missing, and the account's email is never used. (Explore offers no
// A2AWire export: A2AWire's search request is answered by the search API, its registration only imported.)

vi.hoisted(() => vi.stubEnv("RATE_LIMIT_IMPORTS", "1000000/1h"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { DEMO_AGENTS_DIR } from "@/demo/agent-files";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { GET as getEntry } from "@/app/api/v1/agents/[handle]/ga4gh-entry.json/route";
import { GET as getCard } from "@/app/api/v1/agents/[handle]/agent-card.json/route";
import { convertDocument } from "./convert";

// The whole document is imported, so every key is kept; only those read here are typed.
const demoDocument = z.looseObject({
  agent: z.looseObject({ handle: z.string() }),
  capabilities: z.array(z.looseObject({ content_rating: z.string().optional(), offered: z.boolean().optional(), needs_confirmation: z.boolean().optional() })),
});
const files = readdirSync(DEMO_AGENTS_DIR).filter((f) => f.endsWith(".json"));
const documentOf = (file: string) => demoDocument.parse(JSON.parse(readFileSync(`${DEMO_AGENTS_DIR}${file}`, "utf8")));
/** A signed-out visitor sees one of its services (it is not 18+-only): only then are its exports offered. */
const seenSignedOut = (file: string) =>
  documentOf(file).capabilities.some((c) => c.content_rating !== "mature" && c.offered !== false && c.needs_confirmation !== true);
const offeredFiles = files.filter(seenSignedOut);
const hiddenFiles = files.filter((f) => !seenSignedOut(f));
const handles = new Map<string, string>();
let ownerEmail = "";

beforeAll(async () => {
  const owner = await createTestUser();
  ownerEmail = owner.email ?? "";
  for (const file of files) {
    const document = documentOf(file);
    // Each demo agent under a handle of this run's own, so no other test's demo network is touched.
    const handle = uniqueHandle(document.agent.handle.slice(1, 20));
    document.agent.handle = handle;
    const result = await importAgentFile({ text: JSON.stringify(document), ownerId: owner.id, publish: true });
    if (!result.ok) throw new Error(`${file}: ${result.message} ${JSON.stringify(result.errors)}`);
    handles.set(file, handle);
  }
}, 120_000);

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: [...handles.values()] } } });
  await cleanUpTestRows();
});

function get(route: typeof getEntry, file: string, handle: string): Promise<Response> {
  // Its own client address: route tests share the API's rate-limit bucket otherwise.
  const request = new Request(`http://127.0.0.1/api/v1/agents/${handle}/${file}`, { headers: { "x-forwarded-for": "198.51.100.31" } });
  return route(request, { params: Promise.resolve({ handle }) });
}

it("covers both kinds of demo agent", () => {
  expect(offeredFiles.length).toBeGreaterThan(0);
  expect(hiddenFiles.length).toBeGreaterThan(0);
});

describe.each(hiddenFiles)("the exports of 18+-only demo agent %s", (file) => {
  it("are not offered: both answer 404, as for an agent that does not exist", async () => {
    const handle = handles.get(file) ?? "";
    expect((await get(getCard, "agent-card.json", handle)).status).toBe(404);
    expect((await get(getEntry, "ga4gh-entry.json", handle)).status).toBe(404);
  });
});

describe.each(offeredFiles)("the exports of demo agent %s", (file) => {
  it("the A2A card imports again", async () => {
    const handle = handles.get(file) ?? "";
    const response = await get(getCard, "agent-card.json", handle);
    expect(response.status).toBe(200);
    const read = convertDocument(await response.json());
    expect(read).toMatchObject({ kind: "foreign", conversion: { format: "a2a_card", ok: true } });
  });

  it("the GA4GH entry says what it lacks until maintainers are stated, then imports again", async () => {
    const handle = handles.get(file) ?? "";
    const missing = await get(getEntry, "ga4gh-entry.json", handle);
    expect(missing.status).toBe(409);
    const problem = (await missing.json()) as { detail: string };
    expect(problem.detail).toContain("names at least one maintainer (a name and a GitHub user name), and its publisher has not stated any");
    expect(JSON.stringify(problem)).not.toContain(ownerEmail);

    const maintainers = [{ name: "Ada Lovelace", github: "ada-l" }];
    await db.agent.update({ where: { handle }, data: { registryMaintainers: maintainers } });
    const response = await get(getEntry, "ga4gh-entry.json", handle);
    expect(response.status).toBe(200);
    const entry: unknown = await response.json();
    expect(entry).toMatchObject({ maintainers });
    const read = convertDocument(entry);
    expect(read.kind === "foreign" && !read.conversion.ok ? read.conversion.problems : []).toEqual([]);
    expect(read).toMatchObject({ kind: "foreign", conversion: { format: "ga4gh_entry", ok: true }, registry: { entryCore: { maintainers } } });
  });
});
