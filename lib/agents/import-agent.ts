import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { parseAgentFile, listTags } from "@/lib/agent-file";
import { refreshSearchDocuments } from "@/lib/listings/search-index";
import { markDueAfterImport, snapshotForSampleTests } from "@/lib/sample-tests/schedule";
import type { AgentFileError, NormalizedAgent, NormalizedCapability } from "@/lib/agent-file/types";
import { writeListings } from "@/lib/listings/listings-changed";

export type ImportResult =
  | { ok: true; handle: string; replaced: boolean }
  | { ok: false; message: string; errors: AgentFileError[] };

type Tx = Prisma.TransactionClient;

/**
 * Validates an agent.json and stores it for its owner, all or nothing: the CLI and the dashboard
 * both import through here. Re-importing a handle you own replaces it (capabilities are matched
 * by capability ID so their run and test history stays); a handle owned by someone else is refused.
 */
export async function importAgentFile(input: { text: string; ownerId: string; publish?: boolean }): Promise<ImportResult> {
  const parsed = parseAgentFile(input.text);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return { ok: false, message: `The agent.json has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`, errors: parsed.errors };
  }
  const before = await snapshotForSampleTests(parsed.agent.handle);
  try {
    const result = await writeListings((tx) => storeAgent(tx, parsed.agent, input.ownerId, input.publish ?? false));
    // After the commit: new, newly published, re-versioned or re-pointed capabilities get a sample test soon.
    if (result.ok) await markDueAfterImport(result.handle, before);
    return result;
  } catch (error) {
    // Two imports racing for the same new handle: the loser gets the same answer as a taken handle.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return handleTaken(parsed.agent.handle);
    }
    throw error;
  }
}

// Only that the handle is taken: not by whom, nor whether that agent is published, suspended or mature.
function handleTaken(handle: string): ImportResult {
  return {
    ok: false,
    message: `The handle ${handle} is taken; nothing was imported.`,
    errors: [{ path: "/agent/handle", message: `${handle} is taken; choose another handle` }],
  };
}

async function storeAgent(tx: Tx, agent: NormalizedAgent, ownerId: string, publish: boolean): Promise<ImportResult> {
  const existing = await tx.agent.findUnique({ where: { handle: agent.handle }, select: { id: true, ownerId: true, status: true } });
  if (existing && existing.ownerId !== ownerId) return handleTaken(agent.handle);

  const status = existing?.status === "suspended" ? "suspended" : publish ? "published" : (existing?.status ?? "unpublished");
  const fields = agentFields(agent);
  const stored = existing
    ? await tx.agent.update({
        where: { id: existing.id, ownerId },
        data: { ...fields, status, ...(status === "published" ? { publishedAt: new Date() } : {}) },
        select: { id: true },
      })
    : await tx.agent.create({
        data: { ...fields, handle: agent.handle, ownerId, status, publishedAt: status === "published" ? new Date() : null },
        select: { id: true },
      });

  await ensureTags(tx, agent);
  await tx.capability.deleteMany({
    where: { agentId: stored.id, capabilityId: { notIn: agent.capabilities.map((c) => c.capabilityId) } },
  });
  for (const [position, capability] of agent.capabilities.entries()) {
    await storeCapability(tx, stored.id, position, capability);
  }
  await refreshSearchDocuments(tx, [stored.id]);
  return { ok: true, handle: agent.handle, replaced: existing !== null };
}

function agentFields(agent: NormalizedAgent) {
  return {
    ekl: agent.ekl,
    mode: agent.mode,
    executionMode: agent.executionMode,
    displayName: agent.displayName,
    purpose: agent.purpose,
    interests: agent.interests,
    languages: agent.languages,
    logoUrl: agent.logoUrl,
    website: agent.website,
    endpoint: agent.endpoint,
    endpointPending: agent.endpointPending,
    resultRetentionDays: agent.resultRetentionDays,
    executionIdRetentionDays: agent.executionIdRetentionDays,
    termsText: agent.terms?.text ?? null,
    termsTextSha256: agent.terms?.textSha256 ?? null,
    termsUrl: agent.terms?.url ?? null,
    termsVersion: agent.terms?.version ?? null,
    paymentLink: agent.payment?.link ?? null,
    paymentNote: agent.payment?.note ?? null,
    dataDeclared: agent.dataDeclared,
    document: agent.document,
  };
}

async function ensureTags(tx: Tx, agent: NormalizedAgent) {
  const used = new Set(agent.capabilities.flatMap((c) => c.tags));
  const rows = listTags().filter((t) => used.has(t.slug));
  await tx.tag.createMany({ data: rows.map((t) => ({ slug: t.slug, label: t.label, aliases: t.aliases })), skipDuplicates: true });
}

function jsonOrNull(value: Prisma.InputJsonValue | null) {
  return value === null ? Prisma.DbNull : value;
}

function capabilityFields(position: number, c: NormalizedCapability) {
  const inputs = c.data.inputs;
  return {
    position,
    tool: c.tool,
    name: c.name,
    summary: c.summary,
    category: c.category,
    contentRating: c.contentRating,
    matureReasons: c.matureReasons,
    limitations: c.limitations,
    class: c.class,
    repeat: c.repeat,
    refreshesPerExecution: c.refreshes?.perExecution ?? null,
    refreshesWithinHours: c.refreshes?.withinHours ?? null,
    storageFreeAccepted: c.storageFreeAccepted,
    outsideAction: c.outsideAction,
    effects: jsonOrNull(c.effects),
    cancellation: c.cancellation,
    maxDurationSeconds: c.maxDurationSeconds,
    inputSchema: jsonOrNull(c.inputSchema),
    outputSchema: jsonOrNull(c.outputSchema),
    data: c.data,
    version: c.version,
    example: jsonOrNull(c.example),
    offered: c.offered,
    needsConfirmation: c.needsConfirmation,
    listed: c.listed,
    isPaid: c.plans.some((p) => p.type !== "free"),
    hasExample: c.example !== null,
    // Journalled arguments are input retention too (seed 000, data.inputs.journal).
    inputsRetained: inputs === null ? null : inputs.retention === "retained" || inputs.journal === true ? true : inputs.retention === "none" ? false : null,
    usedForTraining: c.data.usedForTraining,
    processingRegions: c.data.processingRegions ?? [],
  };
}

async function storeCapability(tx: Tx, agentId: string, position: number, c: NormalizedCapability) {
  const fields = capabilityFields(position, c);
  const row = await tx.capability.upsert({
    where: { agentId_capabilityId: { agentId, capabilityId: c.capabilityId } },
    create: { ...fields, agentId, capabilityId: c.capabilityId },
    update: fields,
    select: { id: true },
  });
  await tx.plan.deleteMany({ where: { capabilityId: row.id } });
  await tx.plan.createMany({
    data: c.plans.map((p, i) => ({
      capabilityId: row.id,
      planId: p.planId,
      position: i,
      type: p.type,
      extra: p.extra,
      priceUsd: typeof p.extra.price_usd === "number" ? p.extra.price_usd : null,
      dailyLimit: typeof p.extra.daily_limit === "number" && Number.isInteger(p.extra.daily_limit) ? p.extra.daily_limit : null,
    })),
  });
  await tx.capabilityTag.deleteMany({ where: { capabilityId: row.id } });
  await tx.capabilityTag.createMany({ data: c.tags.map((tagSlug, i) => ({ capabilityId: row.id, tagSlug, position: i })) });
}
