import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { answerOf } from "./answer";
import { fingerprint } from "./fingerprint";
import { isPlainObject } from "./input-check";
import { findOwnedExecution } from "./owned-execution";
import { argumentsToSend, callAndSettle, filledArgumentNames, ownArguments } from "./run-capability";
import { findListing } from "@/lib/model/catalog/queries";
import { staticBlock } from "./runnable-capability";
import { notRunnableMessage, repeatPromises } from "./run-words";
import type { HookResult } from "./run-types";

// "Repeat execution": the same request again with the SAME execution ID, so the adapter answers per its
// `repeat` mode (return_kept, status_only, refresh) and an external action is never done twice. Explore keeps
// no arguments, so the page re-sends them and they must match the run's fingerprint. Refreshes of a paid
// execution are counted against refreshes.per_execution within within_hours of its completion.

type Deps = { fetch?: typeof fetch; now?: () => Date };

const HOUR_MS = 3_600_000;

export async function repeatExecution(viewer: Viewer, executionId: string, args: unknown, deps: Deps = {}): Promise<HookResult> {
  const execution = await findOwnedExecution(viewer, executionId);
  if (!execution) return { ok: false, message: "There is no such run of yours." };
  // The listing must still exist for this viewer and be runnable, as for a first run.
  const capability = await findListing(viewer, execution.capability.agent.handle, execution.capability.capabilityId);
  if (!capability || capability.rowId !== execution.capability.rowId) return { ok: false, message: notRunnableMessage({ reason: "not_found" }) };
  const blocked = staticBlock(capability, viewer.id);
  if (blocked) return { ok: false, message: notRunnableMessage(blocked) };
  if (execution.status === "running") return { ok: false, message: "This run has not finished yet." };
  if (!isPlainObject(args)) return { ok: false, message: "The arguments must be a JSON object." };

  const own = ownArguments(args, filledArgumentNames(capability));
  if (fingerprint(own) !== execution.argumentsSha256) {
    return { ok: false, message: "These are not the arguments of that run: a repeat re-sends exactly the same request. Run it anew instead." };
  }

  const now = deps.now?.() ?? new Date();
  if (capability.repeat === "refresh" && execution.paid) {
    const refreshes = capability.refreshes;
    if (!refreshes) return { ok: false, message: "This paid run includes no refreshes: run it anew instead." };
    const finished = execution.finishedAt ?? now;
    if (now.getTime() > finished.getTime() + refreshes.withinHours * HOUR_MS) {
      return {
        ok: false,
        message: `This paid run's refreshes were available for ${refreshes.withinHours} h after it finished; that time is over. Run it anew instead.`,
      };
    }
    const { count } = await db.execution.updateMany({
      where: { id: execution.id, userId: viewer.id, refreshesUsed: { lt: refreshes.perExecution } },
      data: { refreshesUsed: { increment: 1 } },
    });
    if (count === 0) {
      return {
        ok: false,
        message: `This paid run's ${refreshes.perExecution} included refresh${refreshes.perExecution === 1 ? "" : "es"} are used up. Run it anew instead.`,
      };
    }
  }

  const { outcome, settled } = await callAndSettle(
    viewer,
    capability,
    { executionId: execution.id, arguments: argumentsToSend(capability, own, execution.id, execution.dryRun), dryRun: execution.dryRun },
    deps,
  );
  await db.execution.update({
    where: { id: execution.id, userId: viewer.id },
    data: { repeatCount: { increment: 1 }, lastRepeatedAt: new Date(), lastRepeatStatus: settled.status },
    select: { id: true },
  });
  return {
    ok: true,
    status: settled.status,
    message: `Repeated with the same execution ID. ${repeatPromises[capability.repeat]} ${settled.message}`,
    answer: answerOf(outcome, capability.repeat === "status_only" ? null : capability.outputSchema, settled.paymentRequired),
  };
}
