import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { JsonValue } from "@/lib/model/agent-file/types";
import { callDeadlineMs } from "@/lib/domain/adapters/publisher-fetch";
import { callTool, listTools, type Tool } from "@/lib/domain/adapters/mcp-call";
import { checkOutput } from "@/lib/domain/adapters/output-check";
import { findUnstorableValues } from "@/lib/model/agent-file/json-limits";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { describeMismatch } from "./mismatch";
import { sampleTestArguments, type TestableFacts } from "./testability";

// One sample test: call the adapter with the example's input, flagged as a validation call, and judge
// the answer. No database here: the worker records the outcome (lib/domain/sample-tests/record.ts).

/** What a sample test needs of a listing (its capability_id is sent in _meta): the read model's fields, and the endpoint to call. */
export type CapabilityUnderTest = TestableFacts &
  Pick<CatalogCapability, "capabilityId" | "tool" | "version" | "outputSchema" | "maxDurationSeconds"> & {
    endpoint: string;
  };

export type SampleTestOutcome = {
  status: "passed" | "failed";
  startedAt: Date;
  /** Time from sending the call to its answer; null when no answer came. */
  latencyMs: number | null;
  /** A sentence for the publisher; null when it passed. */
  failureReason: string | null;
  /** The adapter's answer (structured content, or the content blocks when it gave none). */
  output: JsonValue | null;
};

export type RunOptions = { fetch: typeof fetch; now?: () => Date; executionId?: string; signal?: AbortSignal };

const jsonValue: z.ZodType<JsonValue> = z.json();

// An answer PostgreSQL cannot keep (NUL, half a character, a "__proto__" field) is judged but not kept.
function asJson(value: unknown): JsonValue | null {
  const parsed = jsonValue.safeParse(value);
  return parsed.success && findUnstorableValues(parsed.data).problems.length === 0 ? parsed.data : null;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// An adapter's tool list, kept a minute: a sweep tests many capabilities of one adapter in a row.
const TOOLS_TTL_MS = 60_000;
const toolLists = new Map<string, { at: number; tools: Tool[] }>();

async function toolsOf(c: CapabilityUnderTest, opts: RunOptions): Promise<Tool[] | { error: string }> {
  const hit = toolLists.get(c.endpoint);
  if (hit && Date.now() - hit.at < TOOLS_TTL_MS) return hit.tools;
  const listed = await listTools({ endpoint: c.endpoint, deadlineMs: callDeadlineMs(c.maxDurationSeconds), fetch: opts.fetch, signal: opts.signal });
  if (listed.status !== "succeeded") return { error: `Explore could not read the tool's output schema: ${listed.message}` };
  if (toolLists.size >= 1000) toolLists.clear();
  toolLists.set(c.endpoint, { at: Date.now(), tools: listed.tools });
  return listed.tools;
}

/** The schema the output must satisfy: the declared one, else the tool's own from tools/list. */
async function outputSchemaFor(c: CapabilityUnderTest, opts: RunOptions): Promise<{ schema: object | null } | { error: string }> {
  if (c.outputSchema !== null) return { schema: c.outputSchema };
  const tools = await toolsOf(c, opts);
  if ("error" in tools) return tools;
  const own = tools.find((t) => t.name === c.tool)?.outputSchema;
  return { schema: isObject(own) ? own : null };
}

export async function runSampleTest(c: CapabilityUnderTest, opts: RunOptions): Promise<SampleTestOutcome> {
  const args = sampleTestArguments(c);
  if (args === null) throw new Error(`${c.capabilityId} is not sample-testable`);
  const startedAt = (opts.now ?? (() => new Date()))();
  const failed = (failureReason: string, latencyMs: number | null, output: JsonValue | null = null): SampleTestOutcome => ({
    status: "failed",
    startedAt,
    latencyMs,
    failureReason,
    output,
  });

  const outcome = await callTool({
    endpoint: c.endpoint,
    tool: c.tool,
    arguments: args,
    meta: {
      "io.explore/validation": true,
      "io.explore/capability_id": c.capabilityId,
      "io.explore/execution_id": opts.executionId ?? randomUUID(),
    },
    deadlineMs: callDeadlineMs(c.maxDurationSeconds),
    fetch: opts.fetch,
    signal: opts.signal,
  });
  if (outcome.status === "timed_out" || outcome.status === "failed") return failed(outcome.message, null);
  const output = asJson(outcome.status === "succeeded" && outcome.structuredContent !== undefined ? outcome.structuredContent : { content: outcome.content });
  if (outcome.status === "tool_error") return failed(`The tool reported an error: ${outcome.message}`, outcome.durationMs, output);

  const structured = outcome.structuredContent;
  const schema = await outputSchemaFor(c, opts);
  if ("error" in schema) return failed(schema.error, outcome.durationMs, output);
  const check = checkOutput(schema.schema, structured);
  if (!check.ok) {
    return failed(`The output does not match the output schema: ${check.errors.slice(0, 3).join("; ")}.`, outcome.durationMs, output);
  }
  const expected = c.example?.expectedOutput ?? null;
  if (expected !== null) {
    if (structured === undefined) return failed("The tool returned no structured output to compare with the expected output.", outcome.durationMs, output);
    const mismatch = describeMismatch(structured, expected);
    if (mismatch) return failed(`The output does not contain the expected output: ${mismatch}.`, outcome.durationMs, output);
  }
  return { status: "passed", startedAt, latencyMs: outcome.durationMs, failureReason: null, output };
}
