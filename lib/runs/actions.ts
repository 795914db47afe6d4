"use server";

import { after } from "next/server";
import { z } from "zod";
import { getViewer } from "@/lib/accounts/viewer";
import { consume } from "@/lib/rate-limits/rate-limit";
import { cancelExecution, checkOutcome } from "./execution-hooks";
import { publishRunEvent, runTopic, throttledProgress } from "./progress-bus";
import { repeatExecution } from "./repeat-execution";
import { runCapability } from "./run-capability";
import { MAX_ARGUMENTS_BYTES, type RunFormState } from "./run-form-state";
import type { HookResult } from "./run-types";

// The Run panel's server actions: thin wrappers. Each asks who is asking, parses its input, and hands over to
// the room's functions, which re-check everything themselves.

const runInput = z.object({
  handle: z.string().min(2).max(40),
  capabilityId: z.string().min(1).max(60),
  arguments: z.string().max(MAX_ARGUMENTS_BYTES, "The arguments are too large (at most 256 KB)."),
  dryRun: z.enum(["1", "0"]).optional(),
  progressKey: z.uuid().optional(),
});

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text === "" ? "{}" : text) };
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${error instanceof SyntaxError ? error.message : "unreadable"}.` };
  }
}

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

export async function runCapabilityAction(_prev: RunFormState, form: FormData): Promise<RunFormState> {
  const viewer = await getViewer();
  const argumentsText = field(form, "arguments") ?? "";
  const dryRun = field(form, "dryRun") === "1";
  const parsed = runInput.safeParse({
    handle: field(form, "handle"),
    capabilityId: field(form, "capabilityId"),
    arguments: argumentsText,
    dryRun: field(form, "dryRun"),
    progressKey: field(form, "progressKey") || undefined,
  });
  if (!parsed.success) {
    const tooLarge = parsed.error.issues.find((i) => i.path[0] === "arguments");
    return { status: "done", ok: false, message: tooLarge?.message ?? "The run request was incomplete.", fieldErrors: tooLarge ? { "": [tooLarge.message] } : undefined, argumentsText, dryRun };
  }
  const args = parseArguments(parsed.data.arguments);
  if (!args.ok) return { status: "done", ok: false, message: args.message, fieldErrors: { "": [args.message] }, argumentsText, dryRun };
  // Signed out, runCapability refuses before any adapter call; signed in, each run counts (dry runs too: they call the adapter).
  if (viewer) {
    const limit = await consume("runs", viewer.id);
    if (!limit.ok) return { status: "done", ok: false, message: limit.message, argumentsText, dryRun };
  }

  const topic = viewer && parsed.data.progressKey ? runTopic(viewer.id, parsed.data.progressKey) : null;
  try {
    const result = await runCapability(
      viewer,
      { handle: parsed.data.handle, capabilityId: parsed.data.capabilityId, arguments: args.value, dryRun },
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
    return { status: "done", ...result, argumentsText, dryRun };
  } finally {
    if (topic) await publishRunEvent(topic, { type: "finished" });
  }
}

const executionIdInput = z.uuid();

export async function checkOutcomeAction(executionId: string): Promise<HookResult> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, message: "Sign in to check your runs." };
  const id = executionIdInput.safeParse(executionId);
  if (!id.success) return { ok: false, message: "There is no such run of yours." };
  return checkOutcome(viewer, id.data);
}

export async function cancelExecutionAction(executionId: string): Promise<HookResult> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, message: "Sign in to cancel your runs." };
  const id = executionIdInput.safeParse(executionId);
  if (!id.success) return { ok: false, message: "There is no such run of yours." };
  return cancelExecution(viewer, id.data);
}

const repeatInput = z.object({ executionId: z.uuid(), arguments: z.string().max(MAX_ARGUMENTS_BYTES), progressKey: z.uuid().optional() });

export async function repeatExecutionAction(input: { executionId: string; arguments: string; progressKey?: string }): Promise<HookResult> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, message: "Sign in to repeat your runs." };
  const parsed = repeatInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: "The repeat request was incomplete." };
  const args = parseArguments(parsed.data.arguments);
  if (!args.ok) return { ok: false, message: args.message };
  // A repeat calls the adapter again, so it counts as a run.
  const limit = await consume("runs", viewer.id);
  if (!limit.ok) return { ok: false, message: limit.message };
  const topic = parsed.data.progressKey ? runTopic(viewer.id, parsed.data.progressKey) : null;
  try {
    return await repeatExecution(viewer, parsed.data.executionId, args.value, topic ? { onProgress: throttledProgress(topic) } : {});
  } finally {
    if (topic) await publishRunEvent(topic, { type: "finished" });
  }
}
