import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "@/lib/foundations/action-result";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { callTool } from "@/lib/domain/adapters/mcp-call";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import type { RunFormResult, RunStreamEvent } from "./run-form-state";
import { MAX_PROGRESS_MESSAGE, runEvents, type RunHooks } from "./run-progress";

// A run's events in its own response: a real MCP server on loopback sends progress notifications, and the
// stream hands them on as they come, its answer last.

let guarded: GuardedFetch;
let mcp: TestServer;

beforeAll(async () => {
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  mcp = await startMcpServer();
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await mcp.close();
});

const answer: RunFormResult = ok({
  argumentsText: "{}",
  dryRun: false,
  execution: { id: "e", status: "succeeded", dryRun: false, durationMs: 1, message: "", paid: false, planId: null, planWords: null },
  answer: null,
});

/** The countdown tool called with the hooks' progress, as run-capability.ts calls an adapter. */
async function countdown(hooks: RunHooks, steps: number): Promise<RunFormResult> {
  hooks.onStarted("exec-1");
  const outcome = await callTool({
    endpoint: mcp.url,
    tool: "countdown",
    arguments: { steps },
    meta: {},
    deadlineMs: 5_000,
    fetch: guarded,
    onProgress: hooks.onProgress,
  });
  expect(outcome.status).toBe("succeeded");
  return answer;
}

async function readAll(stream: ReadableStream<RunStreamEvent>): Promise<RunStreamEvent[]> {
  const events: RunStreamEvent[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    events.push(value);
  }
}

describe("runEvents", () => {
  it("passes on started, each progress notification of a real adapter call, and the answer last", async () => {
    const events = await readAll(runEvents((hooks) => countdown(hooks, 4), 0));
    expect(events).toEqual([
      { type: "started", executionId: "exec-1" },
      ...[1, 2, 3, 4].map((i) => ({ type: "progress", progress: i, total: 4, message: `step ${i} of 4` })),
      { type: "answer", result: answer },
    ]);
  });

  it("keeps at most one progress event per interval, and always the last step", async () => {
    const events = await readAll(runEvents((hooks) => countdown(hooks, 5), 60_000));
    expect(events.filter((e) => e.type === "progress").map((e) => (e.type === "progress" ? e.progress : null))).toEqual([1, 5]);
  });

  it("hands each event on while the run is still going", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const stream = runEvents(async (hooks) => {
      hooks.onProgress({ progress: 1, total: 2, message: "x".repeat(1_000) });
      await gate;
      finished = true;
      return answer;
    }, 0);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value).toEqual({ type: "progress", progress: 1, total: 2, message: "x".repeat(MAX_PROGRESS_MESSAGE) });
    expect(finished).toBe(false);
    release();
    expect((await reader.read()).value).toEqual({ type: "answer", result: answer });
    expect((await reader.read()).done).toBe(true);
  });

  it("a reader that goes away stops the events, not the run", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finish!: (value: RunFormResult) => void;
    const ran = new Promise<RunFormResult>((resolve) => (finish = resolve));
    const stream = runEvents(async (hooks) => {
      hooks.onStarted("exec-2");
      await gate;
      hooks.onProgress({ progress: 1 });
      finish(answer);
      return answer;
    });
    const reader = stream.getReader();
    expect((await reader.read()).value).toEqual({ type: "started", executionId: "exec-2" });
    await reader.cancel();
    release();
    expect(await ran).toBe(answer);
  });

  it("a run that throws errors the stream", async () => {
    const stream = runEvents(() => Promise.reject(new Error("database gone")));
    await expect(readAll(stream)).rejects.toThrow("database gone");
  });
});
