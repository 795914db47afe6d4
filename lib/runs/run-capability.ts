import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import { callTool, type ToolProgress } from "@/lib/adapters/mcp-call";
import { callDeadlineMs, publisherFetch } from "@/lib/adapters/publisher-fetch";
import { answerOf, resultOf, settle } from "./answer";
import { consumerIdFor } from "./consumer-id";
import { utcDayBounds } from "./daily-limit";
import { fingerprint } from "./fingerprint";
import { checkArguments, isPlainObject } from "./input-check";
import { META_CAPABILITY_ID, META_CONSUMER_ID, META_EXECUTION_ID } from "./meta-keys";
import { notRunnableMessage, unknownOutcomeMessage } from "./run-words";
import { findListing } from "@/lib/catalog/queries";
import type { CatalogCapability } from "@/lib/catalog/read-model";
import { outsideActionLabels } from "@/lib/listings/labels";
import { paidRunPrice, planOf, staticBlock } from "./runnable-capability";
import type { NotRunnable, RunResult } from "./run-types";

// Running a service (DESIGN.md "Running a service"): every check again, whatever the page showed, then one
// execution record, one bounded adapter call, and the record finished with status, duration and fingerprints.

/** `consentToPay`: the person agreed to the paid plan's price (the panel asks; a paid run without it is refused). */
export type RunInput = { handle: string; capabilityId: string; arguments: unknown; dryRun: boolean; consentToPay?: boolean };

export type RunDeps = {
  /** The guarded fetch (tests pass their own; Explore uses the one configured from env). */
  fetch?: typeof fetch;
  now?: () => Date;
  onStarted?: (executionId: string) => void;
  onProgress?: (p: ToolProgress) => void;
  /** Runs work after the answer has gone out (the action passes Next's `after`); without it, the work is awaited. */
  afterAnswer?: (task: () => Promise<void>) => void;
};

function refuse(notRunnable: NotRunnable): RunResult {
  return { ok: false, message: notRunnableMessage(notRunnable), notRunnable };
}

/** The fields Explore fills itself: the idempotency argument (external actions) and the dry-run switch. */
export function filledArgumentNames(capability: Pick<CatalogCapability, "class" | "effects">): string[] {
  const names: string[] = [];
  if (capability.class === "external_action" && capability.effects?.idempotencyArgument) names.push(capability.effects.idempotencyArgument);
  if (capability.effects?.dryRunArgument) names.push(capability.effects.dryRunArgument);
  return names;
}

/** The arguments as the person gave them, without what Explore fills: what is fingerprinted and compared on repeat. */
export function ownArguments(args: Record<string, unknown>, filled: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([key]) => !filled.includes(key)));
}

/** The arguments sent: the person's, plus the execution ID as idempotency key and the dry-run switch. */
export function argumentsToSend(capability: Pick<CatalogCapability, "class" | "effects">, own: Record<string, unknown>, executionId: string, dryRun: boolean): Record<string, unknown> {
  const args: Record<string, unknown> = { ...own };
  if (capability.class === "external_action" && capability.effects?.idempotencyArgument) args[capability.effects.idempotencyArgument] = executionId;
  if (capability.effects?.dryRunArgument) args[capability.effects.dryRunArgument] = dryRun;
  return args;
}

export function metaFor(executionId: string, capability: Pick<CatalogCapability, "capabilityId">, consumerId: string): Record<string, unknown> {
  return { [META_EXECUTION_ID]: executionId, [META_CAPABILITY_ID]: capability.capabilityId, [META_CONSUMER_ID]: consumerId };
}

/** One bounded adapter call for an execution (first run or repeat), and its outcome in Explore's words. */
export async function callAndSettle(
  viewer: Viewer,
  capability: CatalogCapability,
  call: { executionId: string; arguments: Record<string, unknown>; dryRun: boolean },
  deps: Pick<RunDeps, "fetch" | "onProgress">,
) {
  const consumerId = consumerIdFor(viewer.id, capability.agent.handle);
  const outcome = await callTool({
    endpoint: capability.agent.endpoint,
    tool: capability.tool,
    arguments: call.arguments,
    meta: metaFor(call.executionId, capability, consumerId),
    deadlineMs: callDeadlineMs(capability.maxDurationSeconds),
    fetch: deps.fetch ?? publisherFetch(),
    onProgress: deps.onProgress,
  });
  const settled = settle(outcome, {
    externalAction: capability.class === "external_action",
    dryRun: call.dryRun,
    unknownMessage: unknownOutcomeMessage(capability.outsideAction ? outsideActionLabels[capability.outsideAction] : null, {
      escalate: capability.effects?.escalate ?? false,
      outcomeLookup: Boolean(capability.effects?.outcomeLookup),
    }),
    payment: { plans: capability.plans, declaredLink: capability.agent.payment?.link ?? null, consumerId },
  });
  return { outcome, settled };
}

type Created = { ok: true } | { ok: false; notRunnable: NotRunnable };

// The count and the insert happen under a per-(user, capability) advisory lock, so concurrent runs cannot
// all slip under the limit. A batch, not an interactive transaction: two statements in one round of the
// driver; the insert's own snapshot is taken after the lock is held, so its count sees every earlier run.
async function createExecution(
  viewer: Viewer,
  capability: CatalogCapability,
  data: { id: string; dryRun: boolean; argumentsSha256: string },
  now: Date,
): Promise<Created> {
  const plan = planOf(capability);
  const paid = plan.kind === "paid";
  const planId = plan.kind === "free" || plan.kind === "paid" ? plan.planId : null;
  if (plan.kind !== "free" || plan.dailyLimit === null) {
    await db.execution.create({
      data: { id: data.id, capabilityId: capability.rowId, userId: viewer.id, status: "running", dryRun: data.dryRun, startedAt: now, argumentsSha256: data.argumentsSha256, paid, planId },
      select: { id: true },
    });
    return { ok: true };
  }
  const limit = plan.dailyLimit;
  const { start } = utcDayBounds(now);
  const [, inserted] = await db.$transaction([
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`run:${viewer.id}:${capability.rowId}`}, 0))`,
    db.$executeRaw`
      INSERT INTO "Execution" ("id", "capabilityId", "userId", "status", "dryRun", "startedAt", "argumentsSha256", "paid", "planId")
      SELECT ${data.id}::uuid, ${capability.rowId}, ${viewer.id}, 'running'::"ExecutionStatus", ${data.dryRun}, ${now}, ${data.argumentsSha256}, ${paid}, ${planId}
      WHERE (SELECT count(*) FROM "Execution"
             WHERE "userId" = ${viewer.id} AND "capabilityId" = ${capability.rowId} AND "startedAt" >= ${start}) < ${limit}`,
  ]);
  if (inserted === 1) return { ok: true };
  return { ok: false, notRunnable: { reason: "daily_limit", limit, resetsAt: utcDayBounds(now).resetsAt.toISOString() } };
}

export async function runCapability(viewer: Viewer | null, input: RunInput, deps: RunDeps = {}): Promise<RunResult> {
  if (!viewer) return refuse({ reason: "sign_in" });
  const capability = await findListing(viewer, input.handle, input.capabilityId);
  if (!capability) return refuse({ reason: "not_found" });
  const blocked = staticBlock(capability, viewer.id);
  if (blocked) return refuse(blocked);
  const price = paidRunPrice(capability);
  if (price !== null && input.consentToPay !== true) return refuse({ reason: "consent_needed", price });

  if (!isPlainObject(input.arguments)) {
    return { ok: false, message: "The arguments must be a JSON object.", fieldErrors: { "": ["must be a JSON object"] } };
  }
  if (input.dryRun && !capability.effects?.dryRunArgument) {
    return { ok: false, message: "This service offers no dry run." };
  }
  const filled = filledArgumentNames(capability);
  const own = ownArguments(input.arguments, filled);
  const executionId = randomUUID();
  const args = argumentsToSend(capability, own, executionId, input.dryRun);
  const fieldErrors = checkArguments(capability.inputSchema, args);
  if (fieldErrors) {
    return { ok: false, message: "Some arguments are not valid: see the fields marked below.", fieldErrors };
  }

  const now = deps.now?.() ?? new Date();
  const created = await createExecution(viewer, capability, { id: executionId, dryRun: input.dryRun, argumentsSha256: fingerprint(own) }, now);
  if (!created.ok) return refuse(created.notRunnable);
  deps.onStarted?.(executionId);

  const { outcome, settled } = await callAndSettle(viewer, capability, { executionId, arguments: args, dryRun: input.dryRun }, deps);
  const result = resultOf(outcome);
  // Only a run still "running" is finished here: a Cancel that came first keeps its status.
  const finish = () => db.$executeRaw`
    UPDATE "Execution" SET "status" = ${settled.status}::"ExecutionStatus", "finishedAt" = ${new Date()}, "durationMs" = ${outcome.durationMs},
           "resultSha256" = ${result === null ? null : fingerprint(result)}, "message" = ${settled.recordMessage}
    WHERE "id" = ${executionId}::uuid AND "status" = 'running'`;
  // Without a cancellation hook nobody else writes a running record, so finishing it after the answer changes
  // nothing the person sees and takes a database write off their wait. With one, a Cancel may have come first.
  let cancelled = false;
  if (capability.cancellation === null && deps.afterAnswer) {
    deps.afterAnswer(async () => {
      await finish();
    });
  } else {
    cancelled = (await finish()) === 0;
  }
  const status = cancelled ? "cancelled" : settled.status;
  const plan = planOf(capability);
  return {
    ok: true,
    execution: {
      id: executionId,
      status,
      dryRun: input.dryRun,
      durationMs: outcome.durationMs,
      message: cancelled ? "You cancelled this run while it was in flight." : settled.message,
      paid: plan.kind === "paid",
      planId: plan.kind === "free" || plan.kind === "paid" ? plan.planId : null,
    },
    answer: answerOf(outcome, capability.outputSchema, settled.paymentRequired),
  };
}
