import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { importAgentFile, importTimeoutMs, inImportTurn, MAX_CONCURRENT_IMPORTS } from "./import-agent";

const run = randomUUID().slice(0, 8);
const handle = (name: string) => `@imp-${name}-${run}`;

async function user(name: string) {
  return db.user.create({ data: { email: `${name}-${run}@import.test` }, select: { id: true } });
}

function doc(h: string, capabilities = [minimalCapability()], top: JsonObject = {}) {
  return JSON.stringify(minimalAgentFile({ agent: { handle: h, display_name: "Homes", purpose: "Finds homes." }, capabilities, ...top }));
}

/** `n` distinct capabilities, a tenth of them paid. */
function manyCapabilities(n: number): JsonObject[] {
  return Array.from({ length: n }, (_, i) =>
    minimalCapability({
      tool: `tool_${i}`,
      name: `Service ${i}`,
      tags: ["#mortgages"],
      input_schema: { type: "object", properties: { q: { type: "string" } } },
      ...(i % 10 === 0 ? { plans: [{ type: "per_call", price_usd: 0.01 }], storage_free_accepted: true } : {}),
    }),
  );
}

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { endsWith: run } } });
  await db.user.deleteMany({ where: { email: { endsWith: `${run}@import.test` } } });
});

describe("importAgentFile", () => {
  it("stores the normalised agent, its capabilities, plans and tags", async () => {
    const owner = await user("a");
    const h = handle("store");
    const result = await importAgentFile({ text: doc(h), ownerId: owner.id, publish: true });
    expect(result).toEqual({ ok: true, handle: h, replaced: false });
    const agent = await db.agent.findUniqueOrThrow({
      where: { handle: h },
      include: { capabilities: { include: { plans: true, tags: { orderBy: { position: "asc" } } } } },
    });
    expect(agent.status).toBe("published");
    expect(agent.ownerId).toBe(owner.id);
    const [cap] = agent.capabilities;
    expect(cap?.capabilityId).toBe("cap_search_homes");
    expect(cap?.repeat).toBe("refresh");
    expect(cap?.plans.map((p) => [p.planId, p.type])).toEqual([["free", "free"]]);
    expect(cap?.tags[0]?.tagSlug).toBe("real_estate");
    expect(cap?.isPaid).toBe(false);
  });

  it("refuses an invalid document and stores nothing", async () => {
    const owner = await user("b");
    const h = handle("invalid");
    const result = await importAgentFile({
      text: doc(h, [minimalCapability({ content_rating: "mature" })]),
      ownerId: owner.id,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.path)).toContain("/capabilities/0/mature_reasons");
    expect(await db.agent.count({ where: { handle: h } })).toBe(0);
  });

  it("refuses a field named __proto__ in words instead of failing in the database client", async () => {
    const owner = await user("proto");
    const h = handle("proto");
    const text = doc(h, [minimalCapability({ output_schema: { type: "object" } })]).replace('"output_schema":{', '"output_schema":{"__proto__":null,');
    const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
    expect(result).toMatchObject({ ok: false, errors: [{ path: "/capabilities/0/output_schema", message: expect.stringContaining('"__proto__"') }] });
    expect(await db.agent.count({ where: { handle: h } })).toBe(0);
  });

  it("replaces the owner's agent, keeping matched capabilities and dropping removed ones", async () => {
    const owner = await user("c");
    const h = handle("replace");
    await importAgentFile({
      text: doc(h, [minimalCapability(), minimalCapability({ tool: "old_tool", name: "Old" })]),
      ownerId: owner.id,
      publish: true,
    });
    const before = await db.capability.findFirstOrThrow({ where: { agent: { handle: h }, capabilityId: "cap_search_homes" } });
    const result = await importAgentFile({
      text: doc(h, [minimalCapability({ name: "Home search 2", version: "1.1.0" })]),
      ownerId: owner.id,
    });
    expect(result).toEqual({ ok: true, handle: h, replaced: true });
    const caps = await db.capability.findMany({ where: { agent: { handle: h } } });
    expect(caps.map((c) => [c.id, c.name, c.version])).toEqual([[before.id, "Home search 2", "1.1.0"]]);
    // Re-importing without "publish" keeps the status it had.
    expect((await db.agent.findUniqueOrThrow({ where: { handle: h } })).status).toBe("published");
  });

  it("refuses a handle owned by someone else and changes nothing", async () => {
    const [first, second] = [await user("d"), await user("e")];
    const h = handle("taken");
    await importAgentFile({ text: doc(h), ownerId: first.id });
    const result = await importAgentFile({
      text: doc(h, [minimalCapability({ name: "Hijacked" })]),
      ownerId: second.id,
    });
    expect(result).toEqual({
      ok: false,
      message: `The handle ${h} is taken; nothing was imported.`,
      errors: [{ path: "/agent/handle", message: `${h} is taken; choose another handle` }],
    });
    const agent = await db.agent.findUniqueOrThrow({ where: { handle: h }, include: { capabilities: true } });
    expect(agent.ownerId).toBe(first.id);
    expect(agent.capabilities.map((c) => c.name)).toEqual(["Home search"]);
  });

  it("says only that a handle is taken: the same words whoever owns it and whatever state its agent is in", async () => {
    const [owner, other] = [await user("f"), await user("g")];
    const answers = new Set<string>();
    const states = [
      { name: "published", publish: true, capabilities: [minimalCapability()] },
      { name: "unpublished", publish: false, capabilities: [minimalCapability()] },
      { name: "mature", publish: true, capabilities: [minimalCapability({ content_rating: "mature", mature_reasons: ["alcohol"] })] },
      { name: "suspended", publish: true, capabilities: [minimalCapability()] },
    ];
    for (const state of states) {
      const h = handle(`oracle-${state.name}`);
      expect((await importAgentFile({ text: doc(h, state.capabilities), ownerId: owner.id, publish: state.publish })).ok).toBe(true);
      if (state.name === "suspended") await db.agent.update({ where: { handle: h }, data: { status: "suspended", suspendedReason: "Test." } });
      const result = await importAgentFile({ text: doc(h), ownerId: other.id });
      // With the handle taken out, every answer must be the same text.
      answers.add(JSON.stringify(result).replaceAll(h, "@HANDLE"));
    }
    expect([...answers]).toEqual([
      JSON.stringify({
        ok: false,
        message: "The handle @HANDLE is taken; nothing was imported.",
        errors: [{ path: "/agent/handle", message: "@HANDLE is taken; choose another handle" }],
      }),
    ]);
  });

  it("stores every field of a capability with one statement per table, and a re-import updates the same row in place", async () => {
    const owner = await user("h");
    const h = handle("fields");
    const rich = minimalCapability({
      tool: "send_offer",
      capability_id: "cap_send_offer",
      class: "external_action",
      outside_action: "send_messages",
      effects: { idempotency_argument: "key", escalate: true, dry_run_argument: "dry" },
      refreshes: { per_execution: 3, within_hours: 24 },
      content_rating: "mature",
      mature_reasons: ["alcohol"],
      tags: ["#mortgages"],
      cancellation: "cancel_offer",
      max_duration_seconds: 30,
      input_schema: { type: "object", properties: { q: { type: "string" } } },
      output_schema: { type: "object" },
      example: { input: { q: "x" }, problem: "P" },
      data: { inputs: { retention: "none" }, used_for_training: false, processing_regions: ["DE"] },
      plans: [
        { type: "free", daily_limit: 20 },
        { type: "per_call", plan_id: "call", price_usd: 0.02 },
      ],
      storage_free_accepted: true,
      version: "2.0.0",
    });
    expect((await importAgentFile({ text: doc(h, [rich]), ownerId: owner.id })).ok).toBe(true);
    const read = () =>
      db.capability.findFirstOrThrow({
        where: { agent: { handle: h } },
        include: { plans: { orderBy: { position: "asc" } }, tags: { orderBy: { position: "asc" } } },
        omit: { searchWords: true },
      });
    const first = await read();
    expect(first).toMatchObject({
      capabilityId: "cap_send_offer",
      position: 0,
      tool: "send_offer",
      contentRating: "mature",
      matureReasons: ["alcohol"],
      class: "external_action",
      repeat: "status_only",
      refreshesPerExecution: 3,
      refreshesWithinHours: 24,
      storageFreeAccepted: true,
      outsideAction: "send_messages",
      effects: { idempotencyArgument: "key", outcomeLookup: null, escalate: true, dryRunArgument: "dry" },
      cancellation: "cancel_offer",
      maxDurationSeconds: 30,
      inputSchema: { type: "object", properties: { q: { type: "string" } } },
      outputSchema: { type: "object" },
      data: { inputs: { retention: "none", days: null, journal: null }, usedForTraining: false, processingRegions: ["DE"] },
      version: "2.0.0",
      example: { input: { q: "x" }, problem: "P", successCriteria: null, expectedOutput: null, origin: "publisher", helpers: [] },
      offered: true,
      needsConfirmation: false,
      listed: true,
      isPaid: true,
      hasExample: true,
      inputsRetained: false,
      usedForTraining: false,
      processingRegions: ["DE"],
    });
    expect(first.plans.map((p) => [p.planId, p.type, p.position, p.priceUsd?.toString() ?? null, p.dailyLimit, p.extra])).toEqual([
      ["free", "free", 0, null, 20, { daily_limit: 20 }],
      ["call", "per_call", 1, "0.02", null, { price_usd: 0.02 }],
    ]);
    expect(first.tags.map((t) => t.tagSlug)).toEqual(["real_estate", "mortgages"]);
    // Searchable straight away: the search documents were built in the same transaction.
    expect(await db.capability.count({ where: { id: first.id, searchWords: { contains: "home search" } } })).toBe(1);
    // Written as Prisma writes it: UTC, to the millisecond, at most a few seconds ago.
    expect(Math.abs(first.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const plain = minimalCapability({ tool: "send_offer", capability_id: "cap_send_offer", name: "Offer sender" });
    expect((await importAgentFile({ text: doc(h, [minimalCapability({ tool: "other" }), plain]), ownerId: owner.id })).ok).toBe(true);
    const second = await db.capability.findFirstOrThrow({
      where: { agent: { handle: h }, capabilityId: "cap_send_offer" },
      include: { plans: true, tags: true },
    });
    expect(second).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      position: 1,
      name: "Offer sender",
      class: "read_only",
      effects: null,
      example: null,
      inputSchema: null,
      refreshesPerExecution: null,
      isPaid: false,
      hasExample: false,
      inputsRetained: null,
      processingRegions: [],
    });
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    expect(second.plans.map((p) => p.planId)).toEqual(["free"]);
    expect(second.tags.map((t) => t.tagSlug)).toEqual(["real_estate"]);
  });

  it("imports and re-imports 1,000 capabilities, all or nothing, within a time budget that grows with the document", async () => {
    expect(importTimeoutMs({ capabilities: manyCapabilities(1) })).toBeLessThan(importTimeoutMs({ capabilities: manyCapabilities(1000) }));
    // Prisma's default is 5 s; the budget for 1,000 capabilities is three times that.
    expect(importTimeoutMs({ capabilities: manyCapabilities(1000) })).toBeGreaterThanOrEqual(15_000);
    const owner = await user("i");
    const h = handle("large");
    const text = doc(h, manyCapabilities(1000));
    expect(Buffer.byteLength(text)).toBeLessThan(512 * 1024);
    expect(await importAgentFile({ text, ownerId: owner.id, publish: true })).toEqual({ ok: true, handle: h, replaced: false });
    const where = { agent: { handle: h } };
    expect(await db.capability.count({ where })).toBe(1000);
    expect(await db.plan.count({ where: { capability: where } })).toBe(1000);
    expect(await db.capabilityTag.count({ where: { capability: where } })).toBe(2000);
    const ids = await db.capability.findMany({ where, select: { id: true, capabilityId: true }, orderBy: { position: "asc" } });
    expect(await importAgentFile({ text, ownerId: owner.id })).toEqual({ ok: true, handle: h, replaced: true });
    expect(await db.capability.findMany({ where, select: { id: true, capabilityId: true }, orderBy: { position: "asc" } })).toEqual(ids);
  }, 60_000);

  it("lets ten imports of new agents run at once, adding the same new search words, without one failing", async () => {
    const owner = await user("j");
    // Words no other listing has, each document listing them in its own order.
    const words = Array.from({ length: 40 }, (_, i) => `zq${run}w${i}`);
    // Each document also has a different number of words of its own, in capabilities of its own, so PostgreSQL
    // does not meet the shared words in the same order in every import (a hash of 40 words and one of 400
    // iterate differently).
    const texts = Array.from({ length: 10 }, (_, i) => {
      const shuffled = [...words.slice(i), ...words.slice(0, i)].reverse();
      const shared = Array.from({ length: 20 }, (_, j) =>
        minimalCapability({ tool: `t_${j}`, name: shuffled.slice(j, j + 10).join(" "), summary: `Summary of ${shuffled.slice(j + 10, j + 20).join(" ")}.` }),
      );
      const own = Array.from({ length: 8 * i }, (_, k) =>
        minimalCapability({ tool: `o_${k}`, name: `Own ${k}`, summary: Array.from({ length: 5 }, (_, w) => `zq${run}d${i}o${k}w${w}`).join(" ") }),
      );
      const capabilities = [...shared, ...own];
      return { h: handle(`together-${i}`), capabilities };
    });
    // Published, so their words go into the lexicon of what everyone may see (lib/domain/search/lexicon.ts).
    const results = await Promise.all(texts.map(({ h, capabilities }) => importAgentFile({ text: doc(h, capabilities), ownerId: owner.id, publish: true })));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await db.searchLexeme.count({ where: { word: { in: words } } })).toBe(words.length);
  }, 60_000);
});

describe("inImportTurn", () => {
  it(`lets ${MAX_CONCURRENT_IMPORTS} imports store at once and the rest wait their turn, in order`, async () => {
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const works = Array.from({ length: MAX_CONCURRENT_IMPORTS + 2 }, (_, i) =>
      inImportTurn(async () => {
        started.push(i);
        await new Promise<void>((resolve) => finish.push(resolve));
        return i;
      }),
    );
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    finish.shift()?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish.splice(0).forEach((done) => done());
    await settle();
    finish.splice(0).forEach((done) => done());
    expect(await Promise.all(works)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("passes the turn on when an import fails", async () => {
    await expect(inImportTurn(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const all = await Promise.all(Array.from({ length: MAX_CONCURRENT_IMPORTS + 1 }, (_, i) => inImportTurn(async () => i)));
    expect(all).toEqual([0, 1, 2]);
  });
});
