import "server-only";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { AgentStatus, CapabilityClass, PlanType, RepeatMode } from "@/generated/prisma/enums";
import type { Effects, JsonObject } from "@/lib/agent-file/types";
import { capabilityVisibilityWhere } from "@/lib/listings/visibility";
import { capabilityWhereSql } from "@/lib/listings/where-sql";
import { effectsSchema, jsonObjectSchema, readOutsideAction, readRefreshes, readStored } from "@/lib/listings/stored-json";
// The domain's words (plain data), so records and the panel say outside_action the same way.
import { outsideActionLabels } from "@/lib/listings/labels";
import { choosePlan, type PlanChoice } from "./plan-choice";
import { runsToday, utcDayBounds } from "./daily-limit";
import type { NotRunnable } from "./run-types";

// Everything a run needs to know about a capability, read through THE visibility rule, and the checks that
// decide whether this viewer may run it now. The Run panel and the run action both come through here.

export type RunnableCapability = {
  rowId: string;
  capabilityId: string;
  tool: string;
  name: string;
  class: CapabilityClass;
  repeat: RepeatMode;
  refreshes: { perExecution: number; withinHours: number } | null;
  /** outside_action in words ("Sends messages"), for external actions. */
  outsideAction: string | null;
  effects: Effects | null;
  cancellation: string | null;
  maxDurationSeconds: number | null;
  inputSchema: JsonObject | null;
  outputSchema: JsonObject | null;
  exampleInput: JsonObject | null;
  offered: boolean;
  /** Suspended by moderation (the agent or this capability); its publisher still sees it, nobody runs it. */
  suspended: boolean;
  /** Unpublished and not the viewer's: administrators may see it to judge reports, only its publisher runs it. */
  unpublishedForViewer: boolean;
  agent: { handle: string; endpoint: string; endpointPending: boolean; paymentLink: string | null; resultRetentionDays: number | null };
  plan: PlanChoice;
};

// The row is read with one hand-written statement, the agent joined and the plans aggregated: it is on the
// run action's hot path, where Prisma's nested select cost ~1 ms more per run.
const rowSchema = z.object({
  id: z.string(),
  capabilityId: z.string(),
  tool: z.string(),
  name: z.string(),
  class: z.enum(CapabilityClass),
  repeat: z.enum(RepeatMode),
  refreshesPerExecution: z.number().int().nullable(),
  refreshesWithinHours: z.number().int().nullable(),
  outsideAction: z.string().nullable(),
  effects: z.unknown(),
  cancellation: z.string().nullable(),
  maxDurationSeconds: z.number().int().nullable(),
  inputSchema: z.unknown(),
  outputSchema: z.unknown(),
  example: z.unknown(),
  offered: z.boolean(),
  listed: z.boolean(),
  suspendedAt: z.date().nullable(),
  plans: z.array(z.object({ planId: z.string(), type: z.enum(PlanType), dailyLimit: z.number().int().nullable() })),
  agent: z.object({
    status: z.enum(AgentStatus),
    ownerId: z.string(),
    handle: z.string(),
    endpoint: z.string(),
    endpointPending: z.boolean(),
    paymentLink: z.string().nullable(),
    resultRetentionDays: z.number().int().nullable(),
  }),
});

type Row = z.infer<typeof rowSchema>;

async function findRow(where: Prisma.Sql): Promise<Row | null> {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id", c."capabilityId", c."tool", c."name", c."class", c."repeat", c."refreshesPerExecution",
           c."refreshesWithinHours", c."outsideAction", c."effects", c."cancellation", c."maxDurationSeconds",
           c."inputSchema", c."outputSchema", c."example", c."offered", c."listed", c."suspendedAt",
           COALESCE((SELECT json_agg(json_build_object('planId', p."planId", 'type', p."type", 'dailyLimit', p."dailyLimit") ORDER BY p."position")
                     FROM "Plan" p WHERE p."capabilityId" = c."id"), '[]'::json) AS "plans",
           json_build_object('status', a."status", 'ownerId', a."ownerId", 'handle', a."handle", 'endpoint', a."endpoint",
                             'endpointPending', a."endpointPending", 'paymentLink', a."paymentLink",
                             'resultRetentionDays', a."resultRetentionDays") AS "agent"
    FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
    WHERE ${where}
    LIMIT 1`);
  const first = raw[0];
  return first === undefined ? null : rowSchema.parse(first);
}

function toRunnable(row: Row, viewerId: string | null): RunnableCapability {
  const action = readOutsideAction(row.outsideAction);
  const example = row.example;
  const exampleInput =
    typeof example === "object" && example !== null && !Array.isArray(example) && "input" in example ? readStored(jsonObjectSchema, example.input) : null;
  return {
    rowId: row.id,
    capabilityId: row.capabilityId,
    tool: row.tool,
    name: row.name,
    class: row.class,
    repeat: row.repeat,
    refreshes: readRefreshes(row),
    outsideAction: action ? outsideActionLabels[action] : null,
    effects: readStored(effectsSchema, row.effects),
    cancellation: row.cancellation,
    maxDurationSeconds: row.maxDurationSeconds,
    inputSchema: readStored(jsonObjectSchema, row.inputSchema),
    outputSchema: readStored(jsonObjectSchema, row.outputSchema),
    exampleInput,
    offered: row.offered && row.listed,
    suspended: row.agent.status === "suspended" || row.suspendedAt !== null,
    unpublishedForViewer: row.agent.status === "unpublished" && row.agent.ownerId !== viewerId,
    agent: {
      handle: row.agent.handle,
      endpoint: row.agent.endpoint,
      endpointPending: row.agent.endpointPending,
      paymentLink: row.agent.paymentLink,
      resultRetentionDays: row.agent.resultRetentionDays,
    },
    plan: choosePlan(row.plans, row.agent.paymentLink),
  };
}

/** The capability as this viewer may see it (visibility rule), or null: to them it does not exist. */
export async function findRunnableCapability(viewer: Viewer | null, handle: string, capabilityId: string): Promise<RunnableCapability | null> {
  const visible = capabilityWhereSql(capabilityVisibilityWhere(viewer), "c");
  const row = await findRow(Prisma.sql`c."capabilityId" = ${capabilityId} AND a."handle" = ${handle} AND ${visible}`);
  return row ? toRunnable(row, viewer?.id ?? null) : null;
}

/**
 * A capability by its row id, whatever the visibility rule says: only for one the viewer already ran (their
 * execution's), where every action re-checks what it needs (a repeat reads it again through the rule).
 */
export async function findRunnableCapabilityOfExecution(viewerId: string, capabilityRowId: string): Promise<RunnableCapability | null> {
  const row = await findRow(Prisma.sql`c."id" = ${capabilityRowId}`);
  return row ? toRunnable(row, viewerId) : null;
}

/** The checks that do not depend on today's count: offered, endpoint known, plan. */
export function staticBlock(capability: RunnableCapability): NotRunnable | null {
  if (capability.suspended) return { reason: "suspended" };
  if (capability.unpublishedForViewer) return { reason: "unpublished" };
  if (!capability.offered) return { reason: "not_offered" };
  if (capability.agent.endpointPending) return { reason: "endpoint_pending" };
  if (capability.plan.kind === "paid_without_link") return { reason: "paid_without_link" };
  return null;
}

export type Allowance = { limit: number; used: number; resetsAt: string } | null;

/** The free daily allowance left today, or null when the plan states no limit (or is paid). */
export async function dailyAllowance(viewer: Viewer, capability: RunnableCapability, now = new Date()): Promise<Allowance> {
  if (capability.plan.kind !== "free" || capability.plan.dailyLimit === null) return null;
  const used = await runsToday(viewer.id, capability.rowId, now);
  return { limit: capability.plan.dailyLimit, used, resetsAt: utcDayBounds(now).resetsAt.toISOString() };
}
