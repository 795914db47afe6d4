import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setAgentPublished, setServiceOffered } from "./publishing";
import { deleteAgent } from "./delete-agent";
import { deletedAgentOn } from "./deleted-agents";
import { findLastRunSince, findServiceChanges, findVersionDocuments } from "./version-queries";
import { changeNoticeFor } from "./change-notice";
import { documentDiff, diffCounts } from "./version-diff";
import { dataChangeWords, planChangeWords, serviceChanges, type AgentFacts } from "./service-changes";

const run = randomUUID().slice(0, 8);
const handle = (name: string) => `@ver-${name}-${run}`;

async function user(name: string) {
  return db.user.create({ data: { email: `${name}-${run}@versions.test`, name: `Person ${name}` }, select: { id: true } });
}

function doc(h: string, capability: JsonObject = {}, top: JsonObject = {}) {
  return JSON.stringify(
    minimalAgentFile({
      agent: { handle: h, display_name: "Homes", purpose: "Finds homes." },
      capabilities: [minimalCapability({ capability_id: "cap_homes", ...capability })],
      ...top,
    }),
  );
}

const notKept = { data: { inputs: { retention: "none" } } };
const keptThirty = { data: { inputs: { retention: "retained", days: 30 } } };

async function versionsOf(h: string) {
  return db.agentVersion.findMany({
    where: { agent: { handle: h } },
    orderBy: { number: "asc" },
    select: { number: true, event: true, userId: true, documentSha256: true, published: true, capabilityId: true },
  });
}

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { endsWith: run } } });
  await db.deletedAgent.deleteMany({ where: { handle: { endsWith: run } } });
  await db.user.deleteMany({ where: { email: { endsWith: `${run}@versions.test` } } });
});

describe("versions", () => {
  it("numbers a version for each import, publish, unpublish and service change, by whom, sharing unchanged documents", async () => {
    const owner = await user("num");
    const h = handle("num");
    expect((await importAgentFile({ text: doc(h), ownerId: owner.id })).ok).toBe(true);
    expect((await setAgentPublished(owner, h, true)).ok).toBe(true);
    expect((await setServiceOffered(owner, h, "cap_homes", false)).ok).toBe(true);
    expect((await setAgentPublished(owner, h, false)).ok).toBe(true);
    const versions = await versionsOf(h);
    expect(versions.map((v) => [v.number, v.event, v.published])).toEqual([
      [1, "imported", false],
      [2, "published", true],
      [3, "service_withdrawn", true],
      [4, "unpublished", false],
    ]);
    expect(versions.every((v) => v.userId === owner.id)).toBe(true);
    expect(versions[2]?.capabilityId).toBe("cap_homes");
    // Publishing changes no document: one stored document serves both versions; withdrawing changes `offered`.
    expect(versions[1]?.documentSha256).toBe(versions[0]?.documentSha256);
    expect(versions[2]?.documentSha256).not.toBe(versions[1]?.documentSha256);
    expect(versions[3]?.documentSha256).toBe(versions[2]?.documentSha256);
    expect(await db.agentVersionDocument.count({ where: { agent: { handle: h } } })).toBe(2);
  });

  it("keeps no version of a failed import or of a refused write", async () => {
    const owner = await user("fail");
    const other = await user("fail-other");
    const h = handle("fail");
    expect((await importAgentFile({ text: doc(h), ownerId: owner.id })).ok).toBe(true);
    expect((await importAgentFile({ text: "{ not json", ownerId: owner.id })).ok).toBe(false);
    expect((await importAgentFile({ text: doc(h), ownerId: other.id })).ok).toBe(false);
    expect((await setAgentPublished(other, h, true)).ok).toBe(false);
    expect((await setServiceOffered(other, h, "cap_homes", false)).ok).toBe(false);
    expect((await versionsOf(h)).map((v) => v.number)).toEqual([1]);
  });

  it("diffs two versions' documents line by line, additions and removals marked", async () => {
    const owner = await user("diff");
    const h = handle("diff");
    await importAgentFile({ text: doc(h, notKept), ownerId: owner.id });
    await importAgentFile({ text: doc(h, keptThirty), ownerId: owner.id });
    const docs = await findVersionDocuments(owner.id, h, [1, 2]);
    const lines = documentDiff(docs.get(1), docs.get(2));
    expect(lines).toContainEqual({ kind: "added", text: expect.stringContaining('"retention": "retained"') });
    expect(lines).toContainEqual({ kind: "removed", text: expect.stringContaining('"retention": "none"') });
    expect(lines).toContainEqual({ kind: "added", text: expect.stringContaining('"days": 30') });
    expect(diffCounts(lines).added).toBeGreaterThan(0);
    // Another publisher reads nothing of it.
    const other = await user("diff-other");
    expect((await findVersionDocuments(other.id, h, [1, 2])).size).toBe(0);
  });
});

describe("the change log", () => {
  it("words a data declaration change between published versions, and nothing for unpublished drafts", async () => {
    const owner = await user("log");
    const h = handle("log");
    await importAgentFile({ text: doc(h, notKept), ownerId: owner.id, publish: true });
    await importAgentFile({ text: doc(h, keptThirty), ownerId: owner.id, publish: true });
    const agent = await db.agent.findUniqueOrThrow({ where: { handle: h }, select: { id: true } });
    const changes = await findServiceChanges(agent.id, "cap_homes");
    expect(changes.map((c) => [c.kind, c.words])).toEqual([["data", "Data handling changed: inputs are now kept for 30 days (were not kept)."]]);
    // A re-import that changes nothing about data, price, class or terms adds nothing.
    await importAgentFile({ text: doc(h, { ...keptThirty, summary: "Searches homes, newly worded." }), ownerId: owner.id, publish: true });
    expect(await findServiceChanges(agent.id, "cap_homes")).toHaveLength(1);
  });

  it("words price, plan, class and terms changes", () => {
    const data = { inputs: { retention: "none", days: null, journal: null } };
    const plan = (price: number) => ({ planId: "per_call", type: "per_call" as const, priceUsd: String(price), dailyLimit: null, extra: { price_usd: price } });
    const before: AgentFacts = {
      terms: { url: "https://t.example/terms", version: "1", textSha256: null },
      services: { cap_a: { name: "A", class: "read_only", data, plans: [plan(0.01)] } },
    };
    const after: AgentFacts = {
      terms: { url: "https://t.example/terms", version: "2", textSha256: null },
      services: { cap_a: { name: "A", class: "external_action", data, plans: [plan(0.02)] }, cap_new: { name: "New", class: "read_only", data, plans: [] } },
    };
    expect(serviceChanges(before, after)).toEqual([
      { capabilityId: "cap_a", kind: "price", words: "Price changed: $0.02 a call (was $0.01 a call)." },
      { capabilityId: "cap_a", kind: "class", words: "Class changed: now External action (was Read-only)." },
      { capabilityId: "cap_a", kind: "terms", words: "Terms changed: version 2 (was 1)." },
    ]);
    expect(planChangeWords([], [{ planId: "free", type: "free", priceUsd: null, dailyLimit: 20, extra: {} }])).toEqual(["Plan added: Free · 20 runs a day."]);
    expect(planChangeWords([plan(0.01)], [])).toEqual(["Plan removed: $0.01 a call."]);
    expect(dataChangeWords({ usedForTraining: false }, { usedForTraining: true })).toEqual([
      "Data handling changed: inputs and outputs are now used to train models (were never used to train models).",
    ]);
  });

  it("words only plan changes a consumer would notice, not the publisher's Stripe wiring", () => {
    const pack = (extra: Record<string, string | number>) => ({
      planId: "pack_100",
      type: "pack" as const,
      priceUsd: "5",
      dailyLimit: null,
      extra: { type: "pack", price_usd: 5, calls: 100, ...extra },
    });
    expect(planChangeWords([pack({})], [pack({ stripe_payment_link: "https://buy.stripe.com/test_1" })])).toEqual([]);
    expect(
      planChangeWords([pack({ stripe_payment_link: "https://buy.stripe.com/test_1" })], [pack({ stripe_payment_link: "https://buy.stripe.com/test_2" })]),
    ).toEqual([]);
    expect(planChangeWords([pack({})], [pack({ refunds: "within 14 days" })])).toEqual(["Plan terms changed: Pack of 100 calls · $5."]);
  });
});

describe("the change notice", () => {
  it("shows only to a viewer who ran the service within 90 days and before the change", async () => {
    const owner = await user("notice");
    const h = handle("notice");
    await importAgentFile({ text: doc(h, notKept), ownerId: owner.id, publish: true });
    const cap = await db.capability.findFirstOrThrow({ where: { agent: { handle: h } }, select: { id: true, agentId: true } });
    const ranBefore = await user("ran-before");
    const ranLongAgo = await user("ran-long-ago");
    const ranAfter = await user("ran-after");
    const never = await user("never");
    const now = new Date();
    const execution = (userId: string, startedAt: Date) =>
      db.execution.create({ data: { capabilityId: cap.id, userId, argumentsSha256: "0".repeat(64), startedAt } });
    await execution(ranBefore.id, new Date(now.getTime() - 86_400_000));
    await execution(ranLongAgo.id, new Date(now.getTime() - 100 * 86_400_000));
    await importAgentFile({ text: doc(h, keptThirty), ownerId: owner.id, publish: true });
    await execution(ranAfter.id, new Date(Date.now() + 1000));
    const changes = await findServiceChanges(cap.agentId, "cap_homes");
    const later = new Date(Date.now() + 2000);
    const notice = async (id: string) => changeNoticeFor(changes, await findLastRunSince(id, cap.id, later));
    expect(await notice(ranBefore.id)).toEqual({ lastRun: expect.any(Date), headlines: ["Data handling changed"] });
    expect(await notice(ranLongAgo.id)).toBeNull();
    expect(await notice(ranAfter.id)).toBeNull();
    expect(await notice(never.id)).toBeNull();
  });
});

describe("deleting an agent", () => {
  it("asks for the handle typed, lets only its owner delete, keeps executions detached, reserves the handle and answers 410", async () => {
    const owner = await user("del");
    const other = await user("del-other");
    const h = handle("del");
    await importAgentFile({ text: doc(h), ownerId: owner.id, publish: true });
    const cap = await db.capability.findFirstOrThrow({ where: { agent: { handle: h } }, select: { id: true } });
    const exec = await db.execution.create({ data: { capabilityId: cap.id, userId: other.id, argumentsSha256: "0".repeat(64) }, select: { id: true } });

    expect(await deleteAgent(owner, h, "wrong")).toMatchObject({ ok: false, fieldErrors: { confirmation: [expect.any(String)] } });
    expect(await deleteAgent(other, h, h)).toMatchObject({ ok: false });
    expect(await db.agent.count({ where: { handle: h } })).toBe(1);
    expect(await deletedAgentOn(h)).toBeNull();

    expect(await deleteAgent(owner, h, h)).toEqual({ ok: true, data: { handle: h } });
    expect(await db.agent.count({ where: { handle: h } })).toBe(0);
    expect(
      await db.execution.findUniqueOrThrow({ where: { id: exec.id }, select: { capabilityId: true, goneServiceName: true, goneAgentHandle: true } }),
    ).toEqual({
      capabilityId: null,
      goneServiceName: "Home search",
      goneAgentHandle: h,
    });
    expect(await deletedAgentOn(h)).toBeInstanceOf(Date);

    // Another owner is told the handle is taken; the former owner takes it back, which lifts the 410.
    const taken = await importAgentFile({ text: doc(h), ownerId: other.id });
    expect(taken).toMatchObject({ ok: false, message: `The handle ${h} is taken; nothing was imported.` });
    expect((await importAgentFile({ text: doc(h), ownerId: owner.id })).ok).toBe(true);
    expect(await deletedAgentOn(h)).toBeNull();
  });

  it("keeps the runs of a service a re-import drops, naming what ran", async () => {
    const owner = await user("drop");
    const h = handle("drop");
    await importAgentFile({ text: doc(h), ownerId: owner.id, publish: true });
    const cap = await db.capability.findFirstOrThrow({ where: { agent: { handle: h } }, select: { id: true } });
    const exec = await db.execution.create({ data: { capabilityId: cap.id, userId: owner.id, argumentsSha256: "0".repeat(64) }, select: { id: true } });
    await importAgentFile({ text: doc(h, { capability_id: "cap_other", tool: "other_tool", name: "Other" }), ownerId: owner.id, publish: true });
    expect(await db.execution.findUniqueOrThrow({ where: { id: exec.id }, select: { capabilityId: true, goneServiceName: true } })).toEqual({
      capabilityId: null,
      goneServiceName: "Home search",
    });
  });

  it("refuses an agent with payment records, which stay", async () => {
    const owner = await user("money");
    const h = handle("money");
    await importAgentFile({ text: doc(h), ownerId: owner.id, publish: true });
    const agent = await db.agent.findUniqueOrThrow({ where: { handle: h }, select: { id: true } });
    await db.stripeEvent.create({
      data: { id: `evt_${run}`, agentId: agent.id, type: "checkout.session.completed", createdAt: new Date(), outcome: "ignored", message: "Recorded." },
    });
    expect(await deleteAgent(owner, h, h)).toMatchObject({ ok: false, message: expect.stringContaining("payment records") });
    expect(await db.agent.count({ where: { handle: h } })).toBe(1);
    expect(await db.stripeEvent.count({ where: { id: `evt_${run}` } })).toBe(1);
  });
});
