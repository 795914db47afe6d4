// The Run panel form's state, shared by the run action and the client form (no server code here).
import type { HookResult, RunResult } from "./run-types";

export const MAX_ARGUMENTS_BYTES = 256 * 1024;

export type RunFormState =
  | { status: "idle" }
  | (RunResult & { status: "done"; /** The arguments as submitted, so the form keeps them. */ argumentsText: string; dryRun: boolean });

export const initialRunFormState: RunFormState = { status: "idle" };

export type { HookResult };
