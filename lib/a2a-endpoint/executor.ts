import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Role, TaskState, type Artifact, type Message, type Part, type Task } from "@a2a-js/sdk";
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from "@a2a-js/sdk/server";
import type { Viewer } from "@/lib/accounts/viewer";
import { findListing } from "@/lib/catalog/queries";
import { checkDataRules } from "@/lib/data-rules/match";
import { findSavedDataRules } from "@/lib/data-rules/queries";
import { hasAnyRule } from "@/lib/data-rules/rules";
import { a2aRefusal } from "@/lib/formats/a2a-card/from-catalog";
import { consume } from "@/lib/rate-limits/rate-limit";
import { runCapability, type RunDeps } from "@/lib/runs/run-capability";
import type { ExecutionStatus, RunAnswer } from "@/lib/runs/run-types";

// message/send on Explore's A2A endpoint: a data part names the skill (a capability ID of the agent) and its
// arguments; the run goes through THE run path (runCapability: visibility for the token's owner, plans, daily
// limits, one execution record) and comes back as a finished task whose artifact carries the answer.

const request = z.object({
  skill: z.string().trim().min(1).max(60),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export type A2ARunOptions = { viewer: Viewer; handle: string; deps?: Pick<RunDeps, "fetch" | "afterAnswer"> };

function textPart(text: string): Part {
  return { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" };
}

function agentMessage(context: RequestContext, text: string): Message {
  return { messageId: randomUUID(), contextId: context.contextId, taskId: context.taskId, role: Role.ROLE_AGENT, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

function task(context: RequestContext, state: TaskState, text: string, artifacts: Artifact[] = [], metadata?: Record<string, unknown>): Task {
  return {
    id: context.taskId,
    contextId: context.contextId,
    status: { state, message: agentMessage(context, text), timestamp: new Date().toISOString() },
    artifacts,
    history: [context.userMessage],
    metadata,
  };
}

const STATES: Record<ExecutionStatus, TaskState> = {
  running: TaskState.TASK_STATE_WORKING,
  succeeded: TaskState.TASK_STATE_COMPLETED,
  tool_error: TaskState.TASK_STATE_FAILED,
  failed: TaskState.TASK_STATE_FAILED,
  timed_out: TaskState.TASK_STATE_FAILED,
  outcome_unknown: TaskState.TASK_STATE_FAILED,
  cancelled: TaskState.TASK_STATE_CANCELED,
  payment_required: TaskState.TASK_STATE_REJECTED,
};

/** The answer as one artifact: the structured content as a data part, then what the adapter said in words. */
function artifactOf(name: string, answer: RunAnswer): Artifact {
  const parts: Part[] = [];
  if (answer.hasStructuredContent) parts.push({ content: { $case: "data", value: answer.structuredContent }, metadata: undefined, filename: "", mediaType: "application/json" });
  for (const piece of answer.content) {
    if (piece.type === "image") parts.push({ content: { $case: "url", value: piece.dataUrl }, metadata: undefined, filename: "", mediaType: piece.mimeType });
    else parts.push(textPart(piece.text));
  }
  const description = answer.outputWarning ? `The answer does not match the service's output schema: ${answer.outputWarning.join("; ")}.` : "";
  return { artifactId: randomUUID(), name, description, parts, metadata: undefined, extensions: [] };
}

/** The skill and arguments a message carries (its first data part), or why it carries none. */
export function readRequest(message: Message): { ok: true; skill: string; arguments: Record<string, unknown> } | { ok: false; message: string } {
  const data = message.parts.find((p) => p.content?.$case === "data");
  if (!data || data.content?.$case !== "data") {
    return { ok: false, message: 'Send a data part {"skill": "<capability ID>", "arguments": {…}}: the skills are listed in the agent card.' };
  }
  const parsed = request.safeParse(data.content.value, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    const problem = where === "" ? "is not an object" : `${where} ${issue?.input === undefined ? "is missing" : "is not valid"}`;
    return { ok: false, message: `The data part ${problem}: send {"skill": "<capability ID>", "arguments": {…}}.` };
  }
  return { ok: true, skill: parsed.data.skill, arguments: parsed.data.arguments };
}

async function answer(options: A2ARunOptions, context: RequestContext): Promise<Task> {
  const { viewer, handle } = options;
  const rejected = (text: string) => task(context, TaskState.TASK_STATE_REJECTED, text);
  const asked = readRequest(context.userMessage);
  if (!asked.ok) return rejected(asked.message);

  // The owner's view of the catalog: an 18+ service exists only for an adult who turned 18+ on.
  const capability = await findListing(viewer, handle, asked.skill);
  if (!capability) return rejected(`${handle} has no service ${asked.skill} that you can see.`);
  const refusal = a2aRefusal(capability);
  if (refusal) return rejected(`${capability.name} is not answered over A2A: ${refusal}.`);
  // Nobody reads the service page's rule checks on this path, so a service that breaks the owner's rules is refused.
  const rules = await findSavedDataRules(viewer.id);
  if (hasAnyRule(rules)) {
    const broken = checkDataRules(rules, capability.data).filter((c) => !c.ok);
    if (broken.length > 0) return rejected(`${capability.name} does not meet your data rules: ${broken.map((c) => `${c.rule} (${c.reason})`).join("; ")}.`);
  }
  const limit = await consume("runs", viewer.id);
  if (!limit.ok) return rejected(limit.message);

  const result = await runCapability(viewer, { handle, capabilityId: capability.capabilityId, arguments: asked.arguments, dryRun: false }, options.deps ?? {});
  if (!result.ok) {
    const fields = result.fieldErrors ? Object.entries(result.fieldErrors).map(([field, messages]) => `${field === "" ? "arguments" : field}: ${messages.join(", ")}`) : [];
    return rejected([result.message, ...fields].join(" "));
  }
  const { execution } = result;
  const artifacts = result.answer ? [artifactOf(capability.name, result.answer)] : [];
  return task(context, STATES[execution.status], execution.message, artifacts, { executionId: execution.id, executionStatus: execution.status });
}

/** The executor for one request, acting for the token's owner on one agent. */
export function a2aExecutor(options: A2ARunOptions): AgentExecutor {
  return {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      bus.publish(AgentEvent.task(await answer(options, context)));
      bus.finished();
    },
    // Runs finish within their request; a cancel has nothing left to stop.
    async cancelTask() {},
  };
}
