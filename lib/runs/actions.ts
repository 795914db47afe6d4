"use server";

import { after } from "next/server";
import { z } from "zod";
import { fail, ok, type ActionFailure } from "@/lib/action-result";
import { submittedText } from "@/lib/form-fields";
import { consume } from "@/lib/rate-limits/rate-limit";
import { viewerAction } from "@/lib/viewer-action";
import { cancelExecution, checkOutcome } from "./execution-hooks";
import { publishRunEvent, runTopic, throttledProgress } from "./progress-bus";
import { repeatExecution } from "./repeat-execution";
import { runCapability } from "./run-capability";
import { MAX_ARGUMENTS_BYTES, type HookFormResult, type RunFormResult, type RunRefused, type RunSubmission } from "./run-form-state";
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
  // Without a progress stream the page sends none, or an empty one.
  progressKey: z.union([z.literal(""), z.uuid()]).optional(),
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

export const runCapabilityAction = viewerAction(
  runInput,
  async (viewer, input): Promise<RunFormResult> => {
    const kept: RunSubmission = { argumentsText: input.arguments, dryRun: input.dryRun === "1" };
    const args = parseArguments(input.arguments);
    if (!args.ok) return fail(args.message, { "": [args.message] }, kept);
    // Each run counts (dry runs too: they call the adapter).
    const limit = await consume("runs", viewer.id);
    if (!limit.ok) return fail(limit.message, undefined, kept);

    const topic = input.progressKey ? runTopic(viewer.id, input.progressKey) : null;
    try {
      const result = await runCapability(
        viewer,
        { handle: input.handle, capabilityId: input.capabilityId, arguments: args.value, dryRun: kept.dryRun, planId: input.planId, consentToPay: input.consentToPay === "1" },
        {
          afterAnswer: (task) => after(task),
          ...(topic
            ? {
                onStarted: (executionId: string) => void publishRunEvent(topic, { type: "started", executionId }),
                onProgress: throttledProgress(topic),
              }
            : {}),
        },
      );
      if (!result.ok) return fail(result.message, result.fieldErrors, { ...kept, ...(result.notRunnable ? { notRunnable: result.notRunnable } : {}) });
      return ok({ ...kept, execution: result.execution, answer: result.answer });
    } finally {
      if (topic) await publishRunEvent(topic, { type: "finished" });
    }
  },
  { signedOut: signInToRun, invalid: runRefusedBeforeParsing },
);

function hookAnswer(result: HookResult): HookFormResult {
  return result.ok ? ok({ status: result.status, answer: result.answer }, result.message) : fail(result.message, result.fieldErrors);
}

const executionInput = z.object({ executionId: z.uuid() });
const notYours = "There is no such run of yours.";

export const checkOutcomeAction = viewerAction(
  executionInput,
  async (viewer, input) => hookAnswer(await checkOutcome(viewer, input.executionId)),
  { signedOut: fail("Sign in to check your runs."), invalid: notYours },
);

export const cancelExecutionAction = viewerAction(
  executionInput,
  async (viewer, input) => hookAnswer(await cancelExecution(viewer, input.executionId)),
  { signedOut: fail("Sign in to cancel your runs."), invalid: notYours },
);

const repeatInput = z.object({ executionId: z.uuid(), arguments: z.string().max(MAX_ARGUMENTS_BYTES), progressKey: z.uuid().optional() });

export const repeatExecutionAction = viewerAction(
  repeatInput,
  async (viewer, input) => {
    const args = parseArguments(input.arguments);
    if (!args.ok) return fail(args.message);
    // A repeat calls the adapter again, so it counts as a run.
    const limit = await consume("runs", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const topic = input.progressKey ? runTopic(viewer.id, input.progressKey) : null;
    try {
      return hookAnswer(await repeatExecution(viewer, input.executionId, args.value, topic ? { onProgress: throttledProgress(topic) } : {}));
    } finally {
      if (topic) await publishRunEvent(topic, { type: "finished" });
    }
  },
  { signedOut: fail("Sign in to repeat your runs."), invalid: "The repeat request was incomplete." },
);
