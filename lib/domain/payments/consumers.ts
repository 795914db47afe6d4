import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";

// The consumer ID is an HMAC, so it cannot be read back: it is written down before anyone outside sees it
// (in a payment link, or in a run's _meta), so a payment naming it can be traced to the person who paid.

export async function consumerIdOf(userId: string, agent: { rowId: string; handle: string }): Promise<string> {
  const consumerId = consumerIdFor(userId, agent.handle);
  await db.$executeRaw`
    INSERT INTO "AgentConsumer" ("consumerId", "agentId", "userId") VALUES (${consumerId}, ${agent.rowId}, ${userId})
    ON CONFLICT DO NOTHING`;
  return consumerId;
}
