// The Run panel's answers, shared by the run actions and the client form (no server code here).
import type { ActionResult } from "@/lib/foundations/action-result";
import type { ExecutionStatus, ExecutionView, NotRunnable, RunAnswer, RunEvent } from "./run-types";

export const MAX_ARGUMENTS_BYTES = 256 * 1024;

/** What the form keeps of a run request, whatever came of it: the arguments as submitted. */
export type RunSubmission = { argumentsText: string; dryRun: boolean };

export type RunDone = RunSubmission & { execution: ExecutionView; answer: RunAnswer | null };

export type RunRefused = RunSubmission & { notRunnable?: NotRunnable };

export type RunFormResult = ActionResult<RunDone, RunRefused>;

/** The run action's stream: its events, and last the run's answer. */
export type RunStreamEvent = RunEvent | { type: "answer"; result: RunFormResult };

/** What a hook call (Check outcome, Cancel) or a repeat answers, besides its message. */
export type HookAnswer = { status: ExecutionStatus; answer: RunAnswer | null };

export type HookFormResult = ActionResult<HookAnswer>;
