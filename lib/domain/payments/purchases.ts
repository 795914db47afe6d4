import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { StripeEventOutcome } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findVisibleAgentNames } from "@/lib/model/catalog/visible-agent-names";
import { db } from "@/lib/foundations/db/client";
import { findAgentPlans, planLookup } from "./agent-plans";
import { entitlementLeftWords, entitlementState, type EntitlementState } from "./entitlement-words";
import { moneyWords } from "./money-words";
import { consumerEventWords } from "./stripe-event-words";

// The consumer's purchases: their own entitlements only, whatever agent they were bought from. An agent
// is named only while the visibility rule still gives the viewer its page.

export type PurchaseEvent = { id: string; at: Date; words: string; outcome: StripeEventOutcome };

export type Purchase = {
  id: string;
  agent: { listed: true; handle: string; displayName: string } | { listed: false };
  planWords: string;
  state: EntitlementState;
  /** "87 of 100 calls left", "Active until 3 January 2027"… */
  leftWords: string;
  /** "$1.50". */
  paid: string;
  boughtAt: Date;
  /** The events that granted or changed it, oldest first. */
  events: PurchaseEvent[];
};

export const MAX_PURCHASES = 100;

const entitlementSelect = {
  id: true,
  agentId: true,
  planId: true,
  status: true,
  callsGranted: true,
  callsLeft: true,
  callsRevoked: true,
  amountCents: true,
  currency: true,
  subscriptionId: true,
  activeUntil: true,
  subscriptionStatus: true,
  eventId: true,
  createdAt: true,
} satisfies Prisma.EntitlementSelect;

type EntitlementRow = Prisma.EntitlementGetPayload<{ select: typeof entitlementSelect }>;

/** The granting events and, for subscriptions, every event of the same subscription at the same agent. */
async function eventsOf(rows: readonly EntitlementRow[]) {
  const subscriptions = rows.flatMap((r) => (r.subscriptionId ? [{ agentId: r.agentId, subscriptionId: r.subscriptionId }] : []));
  return db.stripeEvent.findMany({
    where: {
      // Only events that granted or changed something: an ignored or mismatched one changed nothing of theirs.
      outcome: { in: ["granted", "applied"] },
      OR: [...rows.map((r) => ({ agentId: r.agentId, id: r.eventId })), ...subscriptions],
    },
    select: { id: true, agentId: true, type: true, createdAt: true, outcome: true, subscriptionId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The viewer's purchases, newest first (at most MAX_PURCHASES). */
export async function findMyPurchases(viewer: Viewer, now: Date = new Date()): Promise<Purchase[]> {
  const rows = await db.entitlement.findMany({
    where: { userId: viewer.id },
    select: entitlementSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_PURCHASES,
  });
  if (rows.length === 0) return [];
  const agentIds = [...new Set(rows.map((r) => r.agentId))];
  const [visible, plans, events] = await Promise.all([findVisibleAgentNames(viewer, agentIds, now), findAgentPlans(agentIds), eventsOf(rows)]);
  const planOf = planLookup(plans);
  return rows.map((row) => {
    const named = visible.get(row.agentId);
    const listed = named !== undefined;
    const mine = events.filter(
      (e) => e.agentId === row.agentId && (e.id === row.eventId || (row.subscriptionId !== null && e.subscriptionId === row.subscriptionId)),
    );
    return {
      id: row.id,
      agent: named ? { listed: true, handle: named.handle, displayName: named.displayName } : { listed: false },
      // The plan_id is the publisher's own label: said only of an agent the viewer may still see.
      planWords: planOf(row.agentId, row.planId)?.headline ?? (listed ? `Plan ${row.planId}` : "A plan no longer listed"),
      state: entitlementState(row, now),
      leftWords: entitlementLeftWords(row, now),
      paid: moneyWords(row.amountCents, row.currency),
      boughtAt: row.createdAt,
      events: mine.map((e) => ({ id: e.id, at: e.createdAt, words: consumerEventWords(e.type), outcome: e.outcome })),
    };
  });
}
