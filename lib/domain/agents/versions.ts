import "server-only";
import type { AgentVersionEvent, Prisma } from "@/generated/prisma/client";
import { sha256Hex } from "@/lib/foundations/sha256";
import { findServiceVersionFacts, lockAgentVersionState } from "@/lib/model/catalog/agent-writes";
import { agentFactsSchema, serviceChanges, type AgentFacts } from "./service-changes";

// An agent's versions (issue #13): every write that changes what it is or whether it is listed keeps one row
// — the agent.json as stored after the write, who, when and what happened — numbered 1, 2, … per agent, in
// the write's own transaction (a write that fails keeps no version). Documents are stored once per content
// (by SHA-256), so an event that changes no document, like publishing, costs one small row. Published
// versions also keep the facts the consumers' change log compares, and the sentences are written here.

type Tx = Prisma.TransactionClient;

export type VersionEvent = AgentVersionEvent;

export type RecordVersionInput = {
  agentId: string;
  /** Who made the write (the owner, or another person of theirs later). */
  userId: string | null;
  event: VersionEvent;
  /** The service (cap_…) of a service_offered / service_withdrawn event. */
  capabilityId?: string | null;
};

/** Inside the write's transaction, after the write: keeps the version it made and returns its number. */
export async function recordAgentVersion(tx: Tx, input: RecordVersionInput): Promise<number> {
  // Locked: two writes to one agent number their versions one after the other.
  const agent = await lockAgentVersionState(tx, input.agentId);
  if (!agent) throw new Error(`versions: no agent ${input.agentId} to keep a version of`);
  const text = JSON.stringify(agent.document);
  const sha256 = sha256Hex(text);
  await tx.agentVersionDocument.createMany({ data: [{ agentId: input.agentId, sha256, document: agent.document ?? {} }], skipDuplicates: true });
  const last = await tx.agentVersion.findFirst({ where: { agentId: input.agentId }, orderBy: { number: "desc" }, select: { number: true } });
  const number = (last?.number ?? 0) + 1;
  const published = agent.status === "published";
  const facts = published ? await factsOf(tx, input.agentId, agent) : null;
  if (facts) {
    const previous = await tx.agentVersion.findFirst({
      where: { agentId: input.agentId, published: true },
      orderBy: { number: "desc" },
      select: { facts: true },
    });
    const before = agentFactsSchema.safeParse(previous?.facts);
    if (before.success) {
      const changes = serviceChanges(before.data, facts);
      if (changes.length > 0) {
        await tx.serviceChange.createMany({
          data: changes.map((c) => ({ agentId: input.agentId, capabilityId: c.capabilityId, kind: c.kind, words: c.words, versionNumber: number })),
        });
      }
    }
  }
  await tx.agentVersion.create({
    data: {
      agentId: input.agentId,
      number,
      event: input.event,
      userId: input.userId,
      capabilityId: input.capabilityId ?? null,
      documentSha256: sha256,
      published,
      ...(facts ? { facts } : {}),
    },
  });
  return number;
}

/** What the change log compares, read from the rows the write just stored (resolved, as pages show them). */
async function factsOf(
  tx: Tx,
  agentId: string,
  agent: { termsUrl: string | null; termsVersion: string | null; termsTextSha256: string | null },
): Promise<AgentFacts> {
  const capabilities = await findServiceVersionFacts(tx, agentId);
  const hasTerms = agent.termsUrl !== null || agent.termsVersion !== null || agent.termsTextSha256 !== null;
  return agentFactsSchema.parse({
    terms: hasTerms ? { url: agent.termsUrl, version: agent.termsVersion, textSha256: agent.termsTextSha256 } : null,
    services: Object.fromEntries(
      capabilities.map((c) => [
        c.capabilityId,
        {
          name: c.name,
          class: c.class,
          data: c.data,
          plans: c.plans,
        },
      ]),
    ),
  });
}
