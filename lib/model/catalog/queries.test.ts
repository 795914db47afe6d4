import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { findAgentWithListings, findCardsByRowIds, findListing } from "./queries";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";

const imported: string[] = [];

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: imported } } });
  await cleanUpTestRows();
});

// Every field the service page shows, through the real importer.
function richDocument(handle: string, extra: JsonObject = {}): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "durable",
    agent: { handle, display_name: "Rich Agent", purpose: "Shows every field.", interests: ["wine"], languages: ["en", "de"], website: "https://rich.example" },
    adapter: { endpoint: "${RICH_ENDPOINT}" },
    terms: { text: "Be nice.", version: "2" },
    defaults: { data: { inputs: { retention: "none" }, used_for_training: false, processing_regions: ["DE"] } },
    capabilities: [
      {
        tool: "pair_wine",
        name: "Wine pairing",
        summary: "Suggests a wine for a dish you describe.",
        category: "food.wine",
        tags: ["#recipes"],
        limitations: "Only European wines.",
        class: "read_only",
        version: "1.2.0",
        max_duration_seconds: 30,
        plans: [
          { type: "free", daily_limit: 5 },
          { type: "per_call", price_usd: 0.05, plan_id: "pro", note_text: "faster" },
        ],
        example: {
          input: { dish: "risotto" },
          problem: "What goes with risotto?",
          success_criteria: "Names a white wine.",
          expected_output: { colour: "white" },
        },
        data: {
          results: { retention: "retained", days: 7 },
          downstream: { retention: "none", subprocessors: [{ name: "Cloud Co", purpose: "hosting", region: "IE" }] },
        },
        input_schema: { type: "object", properties: { dish: { type: "string" } }, required: ["dish"] },
        output_schema: { type: "object" },
      },
      {
        tool: "book_table",
        name: "Table booking",
        summary: "Books a table at a wine bar near you.",
        category: "food.restaurants",
        limitations: "Berlin only.",
        class: "external_action",
        outside_action: "schedule",
        effects: { idempotency_argument: "request_id", escalate: true, dry_run_argument: "dry_run" },
        cancellation: "cancel_booking",
        output_schema: { type: "object" },
      },
      {
        tool: "hidden_tool",
        name: "Hidden",
        summary: "Not offered to anyone at all.",
        category: "food.wine",
        limitations: "None.",
        class: "read_only",
        offered: false,
        output_schema: { type: "object" },
      },
      {
        tool: "tasting",
        name: "Tasting",
        summary: "Mature tasting notes for adults.",
        category: "food.wine",
        limitations: "None.",
        class: "read_only",
        content_rating: "mature",
        mature_reasons: ["alcohol"],
        output_schema: { type: "object" },
      },
    ],
    ...extra,
  });
}

async function importRich(publish: boolean, extra: JsonObject = {}) {
  const owner = await createTestUser();
  const handle = uniqueHandle("q");
  imported.push(handle);
  const result = await importAgentFile({ text: richDocument(handle, extra), ownerId: owner.id, publish });
  expect(result.ok).toBe(true);
  return { owner, handle };
}

describe("findListing", () => {
  it("returns every field of a visible capability, with its JSON narrowed", async () => {
    const { handle } = await importRich(true);
    const service = await findListing(null, handle, "cap_pair_wine");
    expect(service).not.toBeNull();
    if (!service) return;
    expect(service).toMatchObject({
      name: "Wine pairing",
      version: "1.2.0",
      class: "read_only",
      contentRating: "general",
      limitations: "Only European wines.",
      maxDurationSeconds: 30,
      isPaid: true,
      repeat: "return_kept",
      inputSchema: { type: "object", required: ["dish"] },
      example: { input: { dish: "risotto" }, problem: "What goes with risotto?", expectedOutput: { colour: "white" } },
    });
    expect(service.tags.map((t) => t.slug)).toEqual(["food", "recipes"]);
    expect(service.plans).toEqual([
      { planId: "free", type: "free", priceUsd: null, dailyLimit: 5, extra: { daily_limit: 5 } },
      { planId: "pro", type: "per_call", priceUsd: "0.05", dailyLimit: null, extra: { price_usd: 0.05, note_text: "faster" } },
    ]);
    expect(service.data).toEqual({
      declared: true,
      declaration: expect.objectContaining({
        inputs: expect.objectContaining({ retention: "none" }),
        results: expect.objectContaining({ retention: "retained", days: 7 }),
        usedForTraining: false,
        processingRegions: ["DE"],
      }),
    });
    expect(service.agent).toMatchObject({
      handle,
      displayName: "Rich Agent",
      endpointPending: true,
      payment: null,
      terms: { text: "Be nice.", version: "2" },
    });
    expect(service.agent.terms?.textSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(service.isPublic).toBe(true);
    // The read model carries its declared columns only: never the stored agent.json, nor a column added later.
    expect(Object.keys(service.agent)).not.toContain("document");
    expect(Object.keys(service.agent)).not.toContain("executionIdRetentionDays");
  });

  it("narrows an external action's effects", async () => {
    const { handle } = await importRich(true, { payment: { link: "https://pay.example/rich", note: "All plans" } });
    const service = await findListing(null, handle, "cap_book_table");
    expect(service).toMatchObject({
      class: "external_action",
      outsideAction: "schedule",
      effects: { idempotencyArgument: "request_id", escalate: true, dryRunArgument: "dry_run", outcomeLookup: null },
      cancellation: "cancel_booking",
      repeat: "status_only",
      example: null,
      agent: { payment: { link: "https://pay.example/rich", note: "All plans" } },
    });
  });

  it("says the provider did not declare data when data_declared is false", async () => {
    const { handle } = await importRich(true, { data_declared: false });
    const service = await findListing(null, handle, "cap_pair_wine");
    expect(service?.data).toEqual({ declared: false });
  });

  it("is null for unpublished agents, unlisted and mature capabilities — except where the visibility rule allows", async () => {
    const published = await importRich(true);
    const unpublished = await importRich(false);
    const adult = await createTestUser({ dateOfBirth: new Date("1970-01-01"), showMature: true });
    const adultOff = await createTestUser({ dateOfBirth: new Date("1970-01-01"), showMature: false });
    expect(await findListing(null, published.handle, "cap_hidden_tool")).toBeNull();
    expect(await findListing(adultOff, published.handle, "cap_tasting")).toBeNull();
    // 18+ on (lib/model/catalog/visibility.ts): the mature listing exists.
    expect(await findListing(adult, published.handle, "cap_tasting")).not.toBeNull();
    expect(await findListing(null, published.handle, "cap_nope")).toBeNull();
    expect(await findListing(null, unpublished.handle, "cap_pair_wine")).toBeNull();
    expect(await findListing(adult, unpublished.handle, "cap_pair_wine")).toBeNull();
    // DESIGN.md: unpublished listings are visible to their publisher.
    expect(await findListing(unpublished.owner, unpublished.handle, "cap_pair_wine")).toMatchObject({ isPublic: false });
  });
});

describe("findCardsByRowIds", () => {
  it("gives each visible listing's card as the whole listing says it, and drops what this viewer may not see", async () => {
    const published = await importRich(true);
    const undeclared = await importRich(true, { data_declared: false });
    const unpublished = await importRich(false);
    const adult = await createTestUser({ dateOfBirth: new Date("1970-01-01"), showMature: true });
    const rows = await db.capability.findMany({
      where: { agent: { handle: { in: [published.handle, undeclared.handle, unpublished.handle] } } },
      select: { id: true, capabilityId: true, agent: { select: { handle: true } } },
    });
    const idOf = (handle: string, capabilityId: string) => rows.find((r) => r.agent.handle === handle && r.capabilityId === capabilityId)?.id ?? "";
    const asked = [
      idOf(published.handle, "cap_pair_wine"),
      idOf(published.handle, "cap_book_table"),
      idOf(published.handle, "cap_tasting"),
      idOf(published.handle, "cap_hidden_tool"),
      idOf(undeclared.handle, "cap_pair_wine"),
      idOf(unpublished.handle, "cap_pair_wine"),
    ];
    const cards = await findCardsByRowIds(null, asked);
    expect([...cards.keys()].toSorted()).toEqual([asked[0], asked[1], asked[4]].toSorted());
    for (const [handle, capabilityId] of [
      [published.handle, "cap_pair_wine"],
      [published.handle, "cap_book_table"],
      [undeclared.handle, "cap_pair_wine"],
    ] as const) {
      const whole = await findListing(null, handle, capabilityId);
      expect(whole).not.toBeNull();
      if (!whole) return;
      const { rowId, name, summary, class: kind, plans, isPaid, contentRating, data, agent } = whole;
      expect(cards.get(rowId)).toEqual({
        rowId,
        capabilityId,
        name,
        summary,
        class: kind,
        plans,
        isPaid,
        contentRating,
        data,
        agent: { handle: agent.handle, displayName: agent.displayName, logoSha256: agent.logoSha256 },
      });
    }
    // The visibility rule, as for whole listings: an adult with 18+ on sees the mature one; its publisher the unpublished one.
    expect([...(await findCardsByRowIds(adult, asked)).keys()]).toContain(asked[2]);
    expect([...(await findCardsByRowIds(unpublished.owner, asked)).keys()]).toContain(asked[5]);
    expect(await findCardsByRowIds(null, [])).toEqual(new Map());
  });
});

describe("findAgentWithListings", () => {
  it("shows a published agent's profile with its visible services only", async () => {
    const { handle } = await importRich(true);
    const page = await findAgentWithListings(null, handle);
    expect(page?.agent).toMatchObject({ handle, displayName: "Rich Agent", languages: ["en", "de"], website: "https://rich.example" });
    expect(page?.isPublic).toBe(true);
    expect(page?.listings.map((s) => s.capabilityId)).toEqual(["cap_pair_wine", "cap_book_table"]);
    expect(page?.listings[0]).toMatchObject({
      capabilityId: "cap_pair_wine",
      name: "Wine pairing",
      summary: "Suggests a wine for a dish you describe.",
      class: "read_only",
      isPaid: true,
      contentRating: "general",
      agent: { handle, displayName: "Rich Agent" },
    });
  });

  it("shows a published agent with no visible service, and hides unpublished and suspended ones", async () => {
    const owner = await createTestUser();
    const empty = await createTestAgent({ ownerId: owner.id, capabilities: [{ listed: false }] });
    const unpublished = await createTestAgent({ ownerId: owner.id, status: "unpublished" });
    const suspended = await createTestAgent({ ownerId: owner.id, status: "suspended" });
    const stranger = await createTestUser();
    expect((await findAgentWithListings(null, empty.handle))?.listings).toEqual([]);
    expect(await findAgentWithListings(stranger, unpublished.handle)).toBeNull();
    expect(await findAgentWithListings(stranger, suspended.handle)).toBeNull();
    // DESIGN.md: unpublished and suspended are visible to their publisher only.
    expect(await findAgentWithListings(owner, unpublished.handle)).not.toBeNull();
    expect(await findAgentWithListings(owner, suspended.handle)).not.toBeNull();
  });
});
