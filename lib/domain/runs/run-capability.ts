import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { callTool, type ToolProgress } from "@/lib/domain/adapters/mcp-call";
import { callDeadlineMs, publisherFetch } from "@/lib/domain/adapters/publisher-fetch";
import { answerOf, resultOf, settle } from "./answer";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";
import { utcDayBounds } from "./daily-limit";
import { fingerprint } from "./fingerprint";
import { checkArguments, isPlainObject } from "./input-check";
import { META_CAPABILITY_ID, META_CONSUMER_ID, META_EXECUTION_ID } from "./meta-keys";
import { notRunnableMessage, unknownOutcomeMessage } from "./run-words";
import { findListing } from "@/lib/model/catalog/queries";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { tokenPerCallSpendSql } from "@/lib/model/catalog/executions";
import { outsideActionLabels } from "@/lib/model/agent-file/labels";
import { USABLE_SUBSCRIPTION_STATUSES } from "@/lib/domain/payments/subscription-states";
import { defaultPlan, noPlanReason, runPlansFor } from "./run-plans";
import { staticBlock } from "./runnable-capability";
import type { ExecutionStatus, NotRunnable, RunPlan, RunResult } from "./run-types";

// Running a service (DESIGN.md "Running a service"): every check again, whatever the page showed, then one
// execution record, one bounded adapter call, and the record finished with status, duration and fingerprints.

/**
 * `planId`: the plan the person chose (absent: the free quota first, then the first available paid plan; ""
 * for a service without plans). `consentToPay`: they agreed to what the paid plan costs (the panel asks; a
 * paid run without it is refused).
 */
export type RunInput = { handle: string; capabilityId: string; arguments: unknown; dryRun: boolean; planId?: string; consentToPay?: boolean; via?: TokenRun };

/**
 * A run an agent makes with its owner's personal API token (lib/edges/agent-mcp/gateway): recorded with the token, and a plan
 * billed per call by the provider is recorded only while the token's runs of such plans in the last 30 days,
 * with this one, stay within its cap.
 */
export type TokenRun = { tokenId: string; spendCapUsd: string; perCallPriceUsd: string | null };

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
export function argumentsToSend(
  capability: Pick<CatalogCapability, "class" | "effects">,
  own: Record<string, unknown>,
  executionId: string,
  dryRun: boolean,
): Record<string, unknown> {
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

type Created = { ok: true; entitlementId: string | null } | { ok: false; notRunnable: NotRunnable };

/** The window a token's spending cap covers. */
const SPEND_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const GIVEN_BACK: readonly ExecutionStatus[] = ["tool_error", "failed", "timed_out", "payment_required"];

/**
 * The execution record, written only if the plan still allows it, in one transaction: a free plan's daily
 * count, a Stripe-verified call (spent by the same statement that writes the record) or an active
 * subscription. Runs of one person against one agent are serialised by an advisory lock, so 50 concurrent
 * runs on 10 remaining calls write exactly 10 records; each statement's snapshot is taken after the lock.
 */
async function createExecution(
  viewer: Viewer,
  capability: CatalogCapability,
  plan: RunPlan,
  data: { id: string; dryRun: boolean; argumentsSha256: string; via: TokenRun | undefined },
  now: Date,
): Promise<Created> {
  const paid = plan.kind !== "free";
  const apiTokenId = data.via?.tokenId ?? null;
  const row = {
    id: data.id,
    capabilityId: capability.rowId,
    userId: viewer.id,
    status: "running" as const,
    dryRun: data.dryRun,
    startedAt: now,
    argumentsSha256: data.argumentsSha256,
    paid,
    planId: plan.planId,
    apiTokenId,
  };
  const lock = (scope: string) => db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`run:${viewer.id}:${scope}`}, 0))`;
  const unavailable = (why: string): Created => ({ ok: false, notRunnable: { reason: "plan_unavailable", words: plan.words, why } });

  if (plan.kind === "free" && plan.allowance !== null) {
    const limit = plan.allowance.limit;
    const { start, resetsAt } = utcDayBounds(now);
    const [, inserted] = await db.$transaction([
      lock(capability.rowId),
      db.$executeRaw`
        INSERT INTO "Execution" ("id", "capabilityId", "userId", "status", "dryRun", "startedAt", "argumentsSha256", "paid", "planId", "apiTokenId")
        SELECT ${row.id}::uuid, ${row.capabilityId}, ${row.userId}, 'running'::"ExecutionStatus", ${row.dryRun}, ${now}, ${row.argumentsSha256}, false, ${row.planId}, ${apiTokenId}
        WHERE (SELECT count(*) FROM "Execution"
               WHERE "userId" = ${viewer.id} AND "capabilityId" = ${capability.rowId} AND "startedAt" >= ${start}) < ${limit}`,
    ]);
    return inserted === 1 ? { ok: true, entitlementId: null } : { ok: false, notRunnable: { reason: "daily_limit", limit, resetsAt: resetsAt.toISOString() } };
  }
  if (plan.kind === "calls") {
    // A dry run acts on nothing, so it spends nothing, but it still needs a call to be left.
    const [, inserted] = await db.$transaction([
      lock(capability.agent.rowId),
      db.$queryRaw<{ entitlementId: string | null }[]>`
        WITH grant_row AS (
          SELECT "id" FROM "Entitlement"
          WHERE "userId" = ${viewer.id} AND "agentId" = ${capability.agent.rowId} AND "planId" = ${plan.planId}
            AND "status" = 'active' AND "callsLeft" > 0
          ORDER BY "createdAt", "id" LIMIT 1
        ), spent AS (
          UPDATE "Entitlement" SET "callsLeft" = "callsLeft" - 1, "updatedAt" = ${now}
          WHERE "id" IN (SELECT "id" FROM grant_row) AND NOT ${data.dryRun}
          RETURNING "id"
        )
        INSERT INTO "Execution" ("id", "capabilityId", "userId", "status", "dryRun", "startedAt", "argumentsSha256", "paid", "planId", "entitlementId", "apiTokenId")
        SELECT ${row.id}::uuid, ${row.capabilityId}, ${row.userId}, 'running'::"ExecutionStatus", ${row.dryRun}, ${now}, ${row.argumentsSha256}, true, ${row.planId},
               (SELECT "id" FROM spent), ${apiTokenId}
        FROM grant_row
        RETURNING "entitlementId"`,
    ]);
    const created = inserted[0];
    return created ? { ok: true, entitlementId: created.entitlementId } : unavailable("you have no calls left of this plan: buy more at the provider.");
  }
  if (plan.kind === "subscription") {
    const inserted = await db.$executeRaw`
      INSERT INTO "Execution" ("id", "capabilityId", "userId", "status", "dryRun", "startedAt", "argumentsSha256", "paid", "planId", "apiTokenId")
      SELECT ${row.id}::uuid, ${row.capabilityId}, ${row.userId}, 'running'::"ExecutionStatus", ${row.dryRun}, ${now}, ${row.argumentsSha256}, true, ${row.planId}, ${apiTokenId}
      WHERE EXISTS (SELECT 1 FROM "Entitlement"
                    WHERE "userId" = ${viewer.id} AND "agentId" = ${capability.agent.rowId} AND "planId" = ${plan.planId} AND "status" = 'active'
                      AND "subscriptionStatus" = ANY(${[...USABLE_SUBSCRIPTION_STATUSES]}) AND "activeUntil" > ${now})`;
    return inserted === 1 ? { ok: true, entitlementId: null } : unavailable("your subscription is not active.");
  }
  const price = data.via?.perCallPriceUsd ?? null;
  if (plan.kind === "provider" && data.via && price !== null) {
    // The provider bills these runs itself; what the token's runs of per-call plans have cost in 30 days is
    // counted under a lock per token, so concurrent runs cannot pass the cap together.
    const since = new Date(now.getTime() - SPEND_WINDOW_MS);
    const [, inserted] = await db.$transaction([
      db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`token-spend:${data.via.tokenId}`}, 0))`,
      db.$executeRaw`
        INSERT INTO "Execution" ("id", "capabilityId", "userId", "status", "dryRun", "startedAt", "argumentsSha256", "paid", "planId", "apiTokenId")
        SELECT ${row.id}::uuid, ${row.capabilityId}, ${row.userId}, 'running'::"ExecutionStatus", ${row.dryRun}, ${now}, ${row.argumentsSha256}, true, ${row.planId}, ${apiTokenId}
        WHERE ${tokenPerCallSpendSql(data.via.tokenId, since)} + ${price}::numeric <= ${data.via.spendCapUsd}::numeric`,
    ]);
    return inserted === 1
      ? { ok: true, entitlementId: null }
      : unavailable(
          `this run would take this token's per-call spending in 30 days past its cap of $${data.via.spendCapUsd}: its owner can raise the cap on the token page.`,
        );
  }
  await db.execution.create({ data: row, select: { id: true } });
  return { ok: true, entitlementId: null };
}

/** The plan a run asks for (`planId`; absent: the default), if it can be used now. */
function chosenPlan(plans: readonly RunPlan[], planId: string | undefined): { ok: true; plan: RunPlan } | { ok: false; notRunnable: NotRunnable } {
  if (planId === undefined) {
    const plan = defaultPlan(plans);
    return plan ? { ok: true, plan } : { ok: false, notRunnable: noPlanReason(plans) };
  }
  const plan = plans.find((p) => (p.planId ?? "") === planId);
  if (!plan) return { ok: false, notRunnable: { reason: "plan_unavailable", words: planId, why: "this service has no such plan." } };
  if (!plan.available) return { ok: false, notRunnable: { reason: "plan_unavailable", words: plan.words, why: plan.unavailable ?? "it cannot be used now." } };
  return { ok: true, plan };
}

export async function runCapability(viewer: Viewer | null, input: RunInput, deps: RunDeps = {}): Promise<RunResult> {
  if (!viewer) return refuse({ reason: "sign_in" });
  const capability = await findListing(viewer, input.handle, input.capabilityId);
  if (!capability) return refuse({ reason: "not_found" });
  const blocked = staticBlock(capability, viewer.id);
  if (blocked) return refuse(blocked);
  const now = deps.now?.() ?? new Date();
  const chosen = chosenPlan((await runPlansFor(viewer, capability, now)).plans, input.planId);
  if (!chosen.ok) return refuse(chosen.notRunnable);
  const plan = chosen.plan;
  if (plan.consent !== null && input.consentToPay !== true) return refuse({ reason: "consent_needed", consent: plan.consent });

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

  const created = await createExecution(
    viewer,
    capability,
    plan,
    { id: executionId, dryRun: input.dryRun, argumentsSha256: fingerprint(own), via: input.via },
    now,
  );
  if (!created.ok) return refuse(created.notRunnable);
  deps.onStarted?.(executionId);

  const { outcome, settled } = await callAndSettle(viewer, capability, { executionId, arguments: args, dryRun: input.dryRun }, deps);
  const result = resultOf(outcome);
  // Only a run still "running" is finished here: a Cancel that came first keeps its status. A spent call is
  // given back in the same statement when the run delivered nothing (docs/payments.md, "What a run costs").
  const giveBack = created.entitlementId !== null && GIVEN_BACK.includes(settled.status);
  const finish = async () => {
    const [row] = await db.$queryRaw<{ finished: number }[]>`
      WITH finished AS (
        UPDATE "Execution" SET "status" = ${settled.status}::"ExecutionStatus", "finishedAt" = ${new Date()}, "durationMs" = ${outcome.durationMs},
               "resultSha256" = ${result === null ? null : fingerprint(result)}, "message" = ${settled.recordMessage}
        WHERE "id" = ${executionId}::uuid AND "status" = 'running'
        RETURNING "entitlementId"
      ), given AS (
        UPDATE "Entitlement" SET "callsLeft" = "callsLeft" + 1
        WHERE ${giveBack} AND "status" = 'active' AND "id" IN (SELECT "entitlementId" FROM finished)
        RETURNING "id"
      )
      SELECT (SELECT count(*) FROM finished)::int AS "finished", (SELECT count(*) FROM given)::int AS "given"`;
    return row?.finished ?? 0;
  };
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
  return {
    ok: true,
    execution: {
      id: executionId,
      status,
      dryRun: input.dryRun,
      durationMs: outcome.durationMs,
      message: cancelled ? "You cancelled this run while it was in flight." : settled.message,
      paid: plan.kind !== "free",
      planId: plan.planId,
      planWords: plan.planId === null ? null : plan.words,
    },
    answer: answerOf(outcome, capability.outputSchema, settled.paymentRequired),
  };
}
