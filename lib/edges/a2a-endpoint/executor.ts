import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Role, TaskState, type Artifact, type Message, type Part, type Task } from "@a2a-js/sdk";
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from "@a2a-js/sdk/server";
import { a2aRefusal, JSON_MODE } from "@/lib/domain/formats/a2a-card/from-catalog";
import { runWithToken, type TokenCaller } from "@/lib/edges/agent-mcp/gateway/run";
import type { RunDeps } from "@/lib/domain/runs/run-capability";
import type { ExecutionStatus, RunAnswer } from "@/lib/domain/runs/run-types";
import { findForWords } from "./find";

// message/send on Explore's A2A endpoints. A data part naming a skill runs it: the skill is a capability ID
// of the agent (of the agent the part names, on Explore's own endpoint), and the run goes through THE run path
// (runCapability: visibility for the token's owner, plans, daily limits, one execution record), coming back
// as a finished task whose artifact carries the answer. A message in words is answered with the services that
// match it and how to run each (find.ts), for the token's owner or a signed-out visitor.

const request = z.object({
  agent: z.string().trim().min(1).max(80).optional(),
  skill: z.string().trim().min(1).max(60),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export type A2ARunOptions = {
  /** The token's owner and what it allows; null for a signed-out visitor, who may only find. */
  caller: TokenCaller | null;
  /** The agent whose endpoint this is; null on Explore's own. */
  handle: string | null;
  /** The endpoint's URL, which the run data parts of an answer in words are for. */
  endpoint: string;
  origin: string;
  deps?: Pick<RunDeps, "fetch" | "afterAnswer">;
};

export type Asked =
  { kind: "run"; handle: string; skill: string; arguments: Record<string, unknown> } | { kind: "find"; need: string } | { kind: "refuse"; message: string };

function textPart(text: string): Part {
  return { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" };
}

function agentMessage(context: RequestContext, text: string): Message {
  return {
    messageId: randomUUID(),
    contextId: context.contextId,
    taskId: context.taskId,
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
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
  if (answer.hasStructuredContent)
    parts.push({ content: { $case: "data", value: answer.structuredContent }, metadata: undefined, filename: "", mediaType: JSON_MODE });
  for (const piece of answer.content) {
    if (piece.type === "image") parts.push({ content: { $case: "url", value: piece.dataUrl }, metadata: undefined, filename: "", mediaType: piece.mimeType });
    else parts.push(textPart(piece.text));
  }
  const description = answer.outputWarning ? `The answer does not match the service's output schema: ${answer.outputWarning.join("; ")}.` : "";
  return { artifactId: randomUUID(), name, description, parts, metadata: undefined, extensions: [] };
}

function dataShape(handle: string | null): string {
  return handle ? '{"skill": "<capability ID>", "arguments": {…}}' : '{"agent": "@handle", "skill": "<capability ID>", "arguments": {…}}';
}

function asHandle(agent: string): string {
  return agent.startsWith("@") ? agent : `@${agent}`;
}

/** Whether a data part asks for a run: it names a skill. */
export function namesSkill(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "skill" in value;
}

/**
 * What a message asks of the endpoint of `handle` (null: Explore's own): a run when its first data part names a
 * skill, else to find services for its words, else nothing it can answer (why, in words).
 */
export function readRequest(message: Message, handle: string | null): Asked {
  const part = message.parts.find((p) => p.content?.$case === "data");
  const data = part?.content?.$case === "data" ? part.content.value : undefined;
  const words = message.parts
    .map((p) => (p.content?.$case === "text" ? p.content.value.trim() : ""))
    .filter((t) => t !== "")
    .join(" ");
  if (!namesSkill(data) && words !== "") return { kind: "find", need: words };
  if (data === undefined) return { kind: "refuse", message: `Say what you need in a text part, or send a data part ${dataShape(handle)} to run a service.` };
  const parsed = request.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    const problem = where === "" ? "is not an object" : `${where} ${issue?.input === undefined ? "is missing" : "is not valid"}`;
    return { kind: "refuse", message: `The data part ${problem}: send ${dataShape(handle)}.` };
  }
  const { agent, skill } = parsed.data;
  if (handle === null) {
    if (agent === undefined) return { kind: "refuse", message: `The data part agent is missing: send ${dataShape(null)}.` };
    return { kind: "run", handle: asHandle(agent), skill, arguments: parsed.data.arguments };
  }
  if (agent !== undefined && asHandle(agent) !== handle) {
    return { kind: "refuse", message: `This is ${handle}'s endpoint: send a run of ${asHandle(agent)}'s service to that agent's endpoint, or to Explore's.` };
  }
  return { kind: "run", handle, skill, arguments: parsed.data.arguments };
}

async function found(options: A2ARunOptions, context: RequestContext, need: string): Promise<Task> {
  const answer = await findForWords(need, { ...options, viewer: options.caller?.viewer ?? null });
  const parts: Part[] = [
    {
      content: { $case: "data", value: { need: answer.need, words: answer.words, matches: answer.matches } },
      metadata: undefined,
      filename: "",
      mediaType: JSON_MODE,
    },
    textPart(answer.text),
  ];
  const artifact: Artifact = { artifactId: randomUUID(), name: "Matching services", description: "", parts, metadata: undefined, extensions: [] };
  return task(context, TaskState.TASK_STATE_COMPLETED, answer.text, [artifact]);
}

async function answer(options: A2ARunOptions, context: RequestContext): Promise<Task> {
  const rejected = (text: string) => task(context, TaskState.TASK_STATE_REJECTED, text);
  const asked = readRequest(context.userMessage, options.handle);
  if (asked.kind === "refuse") return rejected(asked.message);
  if (asked.kind === "find") return found(options, context, asked.need);
  const { handle } = asked;
  // handle-request.ts answers a run without a token with 401 before this: a run never goes without its owner.
  if (!options.caller) return rejected("Running a service needs a personal API token (Authorization: Bearer …).");
  const run = await runWithToken(
    options.caller,
    { handle, capabilityId: asked.skill, arguments: asked.arguments },
    {
      deps: options.deps ?? {},
      refuse: (capability) => {
        const refusal = a2aRefusal(capability);
        return refusal ? `${capability.name} is not answered over A2A: ${refusal}.` : null;
      },
    },
  );
  if (!run.ok) return rejected(run.message);
  const { capability, result } = run;
  const { execution } = result;
  const artifacts = result.answer ? [artifactOf(capability.name, result.answer)] : [];
  return task(context, STATES[execution.status], execution.message, artifacts, { executionId: execution.id, executionStatus: execution.status });
}

/** The executor for one request, acting for the token's owner (or a signed-out visitor) on one endpoint. */
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
