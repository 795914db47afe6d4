"use server";

import { after } from "next/server";
import { z } from "zod";
import { fail, ok, type ActionFailure, type ActionResult } from "@/lib/foundations/action-result";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { submittedText } from "@/lib/foundations/form-fields";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { cancelExecution, checkOutcome } from "./execution-hooks";
import { repeatExecution } from "./repeat-execution";
import { runCapability } from "./run-capability";
import { runEvents, type RunHooks } from "./run-progress";
import { MAX_ARGUMENTS_BYTES, type HookFormResult, type RunFormResult, type RunRefused, type RunStreamEvent, type RunSubmission } from "./run-form-state";
import type { HookResult } from "./run-types";
import { notRunnableMessage } from "./run-words";

// The Run panel's server actions: thin wrappers that hand over to the room's functions, which re-check
// everything themselves.

const runInput = z.object({
  handle: z.string().min(2).max(40),
  capabilityId: z.string().min(1).max(60),
  arguments: z.string().max(MAX_ARGUMENTS_BYTES, "The arguments are too large (at most 256 KB).").default(""),
  dryRun: z.enum(["1", "0"]).optional(),
  // The plan the person chose (absent: the default), and "I agree" for a paid one (run-capability.ts
  // re-derives the plans and refuses a plan that cannot be used, or a paid run without the agreement).
  planId: z.string().max(100).optional(),
  consentToPay: z.enum(["1", "0"]).optional(),
});

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text === "" ? "{}" : text) };
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${error instanceof SyntaxError ? error.message : "unreadable"}.` };
  }
}

/** The arguments as sent, for refusals worded before the input is parsed. */
function submission(submitted: unknown): RunSubmission {
  return { argumentsText: submittedText(submitted, "arguments"), dryRun: submittedText(submitted, "dryRun") === "1" };
}

function runRefusedBeforeParsing(error: z.ZodError, submitted: unknown): ActionFailure<RunRefused> {
  const tooLarge = error.issues.find((issue) => issue.path[0] === "arguments" && issue.code === "too_big");
  return fail(tooLarge?.message ?? "The run request was incomplete.", tooLarge ? { "": [tooLarge.message] } : undefined, submission(submitted));
}

// Signed out, the same refusal runCapability gives: the panel offers sign-in.
function signInToRun(submitted: unknown): ActionFailure<RunRefused> {
  const notRunnable = { reason: "sign_in" } as const;
  return fail(notRunnableMessage(notRunnable), undefined, { ...submission(submitted), notRunnable });
}

async function run(viewer: Viewer, input: z.output<typeof runInput>, hooks: Partial<RunHooks>): Promise<RunFormResult> {
  const kept: RunSubmission = { argumentsText: input.arguments, dryRun: input.dryRun === "1" };
  const args = parseArguments(input.arguments);
  if (!args.ok) return fail(args.message, { "": [args.message] }, kept);
  // Each run counts (dry runs too: they call the adapter).
  const limit = await consume("runs", viewer.id);
  if (!limit.ok) return fail(limit.message, undefined, kept);
  const result = await runCapability(
    viewer,
    {
      handle: input.handle,
      capabilityId: input.capabilityId,
      arguments: args.value,
      dryRun: kept.dryRun,
      planId: input.planId,
      consentToPay: input.consentToPay === "1",
    },
    { afterAnswer: (task) => after(task), ...hooks },
  );
  if (!result.ok) return fail(result.message, result.fieldErrors, { ...kept, ...(result.notRunnable ? { notRunnable: result.notRunnable } : {}) });
  return ok({ ...kept, execution: result.execution, answer: result.answer });
}

/** A run whose answer comes whole: the form without JavaScript. */
export const runCapabilityAction = viewerAction(runInput, (viewer, input) => run(viewer, input, {}), {
  signedOut: signInToRun,
  invalid: runRefusedBeforeParsing,
});

/**
 * A run whose events stream back in this response as they happen (started, progress, then the answer): the Run
 * panel's way. Refusals before the run (signed out, input that does not parse) come whole.
 */
export const runWithProgressAction = viewerAction(
  runInput,
  async (viewer, input): Promise<ActionResult<{ events: ReadableStream<RunStreamEvent> }, RunRefused>> =>
    ok({ events: runEvents((hooks) => run(viewer, input, hooks)) }),
  { signedOut: signInToRun, invalid: runRefusedBeforeParsing },
);

function hookAnswer(result: HookResult): HookFormResult {
  return result.ok ? ok({ status: result.status, answer: result.answer }, result.message) : fail(result.message, result.fieldErrors);
}

const executionInput = z.object({ executionId: z.uuid() });
const notYours = "There is no such run of yours.";

export const checkOutcomeAction = viewerAction(executionInput, async (viewer, input) => hookAnswer(await checkOutcome(viewer, input.executionId)), {
  signedOut: fail("Sign in to check your runs."),
  invalid: notYours,
});

export const cancelExecutionAction = viewerAction(executionInput, async (viewer, input) => hookAnswer(await cancelExecution(viewer, input.executionId)), {
  signedOut: fail("Sign in to cancel your runs."),
  invalid: notYours,
});

const repeatInput = z.object({ executionId: z.uuid(), arguments: z.string().max(MAX_ARGUMENTS_BYTES) });

export const repeatExecutionAction = viewerAction(
  repeatInput,
  async (viewer, input) => {
    const args = parseArguments(input.arguments);
    if (!args.ok) return fail(args.message);
    // A repeat calls the adapter again, so it counts as a run.
    const limit = await consume("runs", viewer.id);
    if (!limit.ok) return fail(limit.message);
    return hookAnswer(await repeatExecution(viewer, input.executionId, args.value));
  },
  { signedOut: fail("Sign in to repeat your runs."), invalid: "The repeat request was incomplete." },
);
