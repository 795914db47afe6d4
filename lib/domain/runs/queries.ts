import "server-only";
import type { MyRunsFilters } from "./my-runs-filters";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";
import { filledArgumentNames } from "./run-capability";
import { findListing } from "@/lib/model/catalog/queries";
import { findOwnedEscalatingServices, findServiceRowId, findServicesByRowIds, findServicesRunBy } from "@/lib/model/catalog/executions";
import { outsideActionLabels } from "@/lib/model/agent-file/labels";
import { defaultPlan, noPlanReason, runPlansFor } from "./run-plans";
import { staticBlock } from "./runnable-capability";
import type { ExecutionStatus, NotRunnable, RepeatMode, RunPlan } from "./run-types";

// Reads of the runs room: the Run panel, My runs, one run's state, and the publisher's unknown outcomes.

export type RunPanelInfo = {
  handle: string;
  capabilityId: string;
  name: string;
  notRunnable: NotRunnable | null;
  inputSchema: JsonObject | null;
  exampleInput: JsonObject | null;
  /** Filled by Explore (idempotency key, dry-run switch): hidden from the form. */
  filledArguments: string[];
  externalAction: { outsideAction: string | null; dryRun: boolean; outcomeLookup: boolean; escalate: boolean } | null;
  cancellable: boolean;
  repeat: RepeatMode;
  refreshes: { perExecution: number; withinHours: number } | null;
  /** The plans this person may run under now, and the one a run uses unless they choose another. */
  plans: RunPlan[];
  defaultPlanId: string | null;
  stripeVerified: boolean;
  /** The provider's note for payers (agent.json payment.note), shown beside where to pay. */
  paymentNote: string | null;
  maxDurationSeconds: number;
};

/** What the Run panel shows for this viewer, or null when the service does not exist for them. */
export const getRunPanel = cache(async (viewer: Viewer | null, handle: string, capabilityId: string): Promise<RunPanelInfo | null> => {
  const capability = await findListing(viewer, handle, capabilityId);
  if (!capability) return null;
  const blocked: NotRunnable | null = !viewer ? { reason: "sign_in" } : staticBlock(capability, viewer.id);
  const { plans, stripeVerified } = viewer && !blocked ? await runPlansFor(viewer, capability) : { plans: [], stripeVerified: false };
  const chosen = defaultPlan(plans);
  const effects = capability.effects;
  return {
    handle: capability.agent.handle,
    capabilityId: capability.capabilityId,
    name: capability.name,
    notRunnable: blocked ?? (chosen ? null : noPlanReason(plans)),
    inputSchema: capability.inputSchema,
    exampleInput: capability.example?.input ?? null,
    filledArguments: filledArgumentNames(capability),
    externalAction:
      capability.class === "external_action"
        ? {
            outsideAction: capability.outsideAction ? outsideActionLabels[capability.outsideAction] : null,
            dryRun: Boolean(effects?.dryRunArgument),
            outcomeLookup: Boolean(effects?.outcomeLookup),
            escalate: effects?.escalate ?? false,
          }
        : null,
    cancellable: capability.cancellation !== null,
    repeat: capability.repeat,
    refreshes: capability.refreshes,
    plans,
    defaultPlanId: chosen?.planId ?? null,
    stripeVerified,
    paymentNote: capability.agent.payment?.note ?? null,
    maxDurationSeconds: capability.maxDurationSeconds ?? 60,
  };
});

export type MyRun = {
  id: string;
  status: ExecutionStatus;
  dryRun: boolean;
  paid: boolean;
  startedAt: Date;
  durationMs: number | null;
  message: string | null;
  repeatCount: number;
  /** Null once its agent was deleted: `deleted` then names what ran (issue #13). */
  service: { name: string; capabilityId: string; handle: string } | null;
  deleted: { name: string | null; handle: string | null } | null;
};

/** The viewer's executions, newest first, optionally of one status or one service. */
export async function findMyRuns(viewer: Viewer, filters: MyRunsFilters = { status: null, service: null }, limit = 100): Promise<MyRun[]> {
  const ranService = filters.service ? await findServiceRowId(filters.service.handle, filters.service.capabilityId) : null;
  if (filters.service && !ranService) return [];
  const rows = await db.execution.findMany({
    where: {
      userId: viewer.id,
      ...(filters.status ? { status: filters.status } : {}),
      ...(ranService ? { capabilityId: ranService.rowId } : {}),
    },
    orderBy: { startedAt: "desc" },
    take: limit,
    select: {
      id: true,
      status: true,
      dryRun: true,
      paid: true,
      startedAt: true,
      durationMs: true,
      message: true,
      repeatCount: true,
      goneServiceName: true,
      goneAgentHandle: true,
      capabilityId: true,
    },
  });
  const services = await findServicesByRowIds(rows.flatMap((r) => (r.capabilityId ? [r.capabilityId] : [])));
  return rows.map(({ capabilityId, goneServiceName, goneAgentHandle, ...run }) => {
    const capability = capabilityId ? services.get(capabilityId) : undefined;
    return {
      ...run,
      service: capability ? { name: capability.name, capabilityId: capability.capabilityId, handle: capability.agent.handle } : null,
      deleted: capability ? null : { name: goneServiceName, handle: goneAgentHandle },
    };
  });
}

/** The services the viewer ran (still listed on Explore), by name: the My runs page's service filter. */
export async function findMyRunServices(viewer: Viewer): Promise<{ name: string; handle: string; capabilityId: string }[]> {
  const rows = await findServicesRunBy(viewer.id, 200);
  return rows.map((r) => ({ name: r.name, capabilityId: r.capabilityId, handle: r.agent.handle }));
}

/** One run's state, for its owner only. */
export async function findRunState(viewer: Viewer, executionId: string): Promise<{ id: string; status: ExecutionStatus; message: string | null } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(executionId)) return null;
  return db.execution.findFirst({ where: { id: executionId, userId: viewer.id }, select: { id: true, status: true, message: true } });
}

export type EscalatedOutcome = {
  executionId: string;
  startedAt: Date;
  consumerId: string | null;
  service: { name: string; capabilityId: string; handle: string };
};

/** Unresolved unknown outcomes of the publisher's escalating external actions (effects.escalate), newest first; optionally of one agent (and service). */
export async function findEscalatedUnknownOutcomes(
  ownerId: string,
  limit = 50,
  only: { handle: string; capabilityId?: string | null } | null = null,
): Promise<EscalatedOutcome[]> {
  const services = await findOwnedEscalatingServices(ownerId, only);
  if (services.size === 0) return [];
  const rows = await db.execution.findMany({
    where: {
      status: "outcome_unknown",
      // Waiting ones only: the publisher's "mark resolved" settles one (lib/domain/runs/resolve-outcome.ts).
      resolution: { is: null },
      capabilityId: { in: [...services.keys()] },
    },
    orderBy: { startedAt: "desc" },
    take: limit,
    select: { id: true, startedAt: true, userId: true, capabilityId: true },
  });
  return rows.flatMap((row) => {
    // The where asks for one of these services, so none is missing; the filter tells the compiler so.
    const service = row.capabilityId ? services.get(row.capabilityId) : undefined;
    if (!service) return [];
    return [
      {
        executionId: row.id,
        startedAt: row.startedAt,
        // The same pseudonymous ID the adapter received, so the publisher can match it with their own logs.
        consumerId: row.userId ? consumerIdFor(row.userId, service.agent.handle) : null,
        service: { name: service.name, capabilityId: service.capabilityId, handle: service.agent.handle },
      },
    ];
  });
}
