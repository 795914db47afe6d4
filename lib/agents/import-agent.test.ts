import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { minimalAgentFile, minimalCapability } from "@/lib/agent-file/fixtures";
import { importAgentFile } from "./import-agent";

const run = randomUUID().slice(0, 8);
const handle = (name: string) => `@imp-${name}-${run}`;

async function user(name: string) {
  return db.user.create({ data: { email: `${name}-${run}@import.test` }, select: { id: true } });
}

function doc(h: string, capabilities = [minimalCapability()]) {
  return JSON.stringify(minimalAgentFile({ agent: { handle: h, display_name: "Homes", purpose: "Finds homes." }, capabilities }));
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
});
