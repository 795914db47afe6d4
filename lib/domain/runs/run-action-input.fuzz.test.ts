import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The run action's handling of what the page sends — the arguments text above all — fuzzed through the
// action itself against a real database: whatever arrives, the answer is words (never a throw, so never
// a 500), and no execution record is left running. Only the viewer and Next's `after` are stand-ins.

// Hundreds of runs by one person: the per-person runs limit (lib/foundations/rate-limits) is not what is fuzzed here.
vi.hoisted(() => vi.stubEnv("RATE_LIMIT_RUNS", "1000000/1m"));
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/server", () => import("@/lib/testing/deferred-after"));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { repeatExecutionAction, runCapabilityAction } from "./actions";
import { session } from "@/lib/testing/viewer-stub";
import { settleDeferred } from "@/lib/testing/deferred-after";

let targets: { handle: string; capabilityId: string }[] = [];

beforeAll(async () => {
  session.viewer = await createTestUser();
  const publisher = await createTestUser();
  // No schema, a recursive one (ajv walks as deep as the value), a strict one. The endpoint is plain http,
  // which the guarded fetch refuses at once: every accepted run ends "failed", in words, with no network.
  const agent = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: "http://127.0.0.1:9/mcp" },
    capabilities: [
      { capabilityId: "cap_free_form", extra: { tool: "anything" } },
      { capabilityId: "cap_recursive", extra: { tool: "tree", inputSchema: { type: "object", additionalProperties: { $ref: "#" } } } },
      {
        capabilityId: "cap_strict",
        extra: {
          tool: "echo",
          inputSchema: { type: "object", properties: { text: { type: "string", maxLength: 5 } }, required: ["text"], additionalProperties: false },
        },
      },
    ],
  });
  targets = agent.capabilities.map((c) => ({ handle: agent.handle, capabilityId: c.capabilityId }));
});

afterAll(async () => {
  await settleDeferred();
  await cleanUpTestRows();
});

const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a", "{", "}", "[", "]", '"', ":", ",", "1", " ", "e", "-") },
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\\u0000", "\\ud800", "😀", "\n") },
);
const deepText = fc.tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom("[", '{"a":'), fc.boolean()).map(([depth, open, wrapped]) => {
  const close = open === "[" ? "]" : "}";
  const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
  return wrapped ? `{"a":${inner}}` : inner;
});
const argumentsText = fc.oneof(
  fc.json(),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })).map((args) => JSON.stringify(args)),
  fc.json().map((text) => `{"text":${text}}`),
  fc.string({ unit, maxLength: 60 }),
  deepText,
  fc.constantFrom("", "{}", "null", "[]", '{"text":1e400}', '{"text":"\\u0000"}', '{"__proto__":{"x":1}}', '{"text":"hello"}'),
);
const dryRunSwitch = fc.oneof({ weight: 6, arbitrary: fc.constant("0") }, { weight: 1, arbitrary: fc.constantFrom("1", "x", "", "0 ") });
const target = fc.oneof(
  { weight: 5, arbitrary: fc.nat().map((i) => targets[i % targets.length] ?? { handle: "", capabilityId: "" }) },
  { weight: 1, arbitrary: fc.record({ handle: fc.string({ maxLength: 50 }), capabilityId: fc.string({ maxLength: 70 }) }) },
);

describe("the run action, fuzzed", () => {
  it("answers any arguments text, any target and any dry-run switch in words", async () => {
    await fc.assert(
      fc.asyncProperty(target, argumentsText, dryRunSwitch, async (to, args, dryRun) => {
        const form = formData({ handle: to.handle, capabilityId: to.capabilityId, arguments: args, dryRun });
        const state = await runCapabilityAction(null, form);
        // Whatever came of it, the form keeps the arguments as sent (FormData holds lone surrogates as U+FFFD).
        expect(state.ok ? state.data.argumentsText : state.details?.argumentsText).toBe(form.get("arguments"));
        if (!state.ok) expect(state.message.length).toBeGreaterThan(0);
        else expect(state.data.execution.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300, endOnFailure: true },
    );
    await settleDeferred();
    const viewer = session.viewer;
    if (!viewer) throw new Error("no viewer");
    expect(await db.execution.count({ where: { userId: viewer.id, status: "running" } })).toBe(0);
    // Not a vacuous pass: some runs got as far as an execution record.
    expect(await db.execution.count({ where: { userId: viewer.id } })).toBeGreaterThan(20);
  }, 60_000);

  it("answers a repeat of a finished run, whatever arguments it re-sends, in words", async () => {
    const viewer = session.viewer;
    const [first] = targets;
    if (!viewer || !first) throw new Error("no viewer");
    const state = await runCapabilityAction(null, formData({ ...first, arguments: '{"q":1}' }));
    if (!state.ok) throw new Error("expected a run");
    await settleDeferred();
    const executionId = state.data.execution.id;
    await fc.assert(
      fc.asyncProperty(argumentsText, async (args) => {
        const result = await repeatExecutionAction({ executionId, arguments: args });
        expect(result.message?.length).toBeGreaterThan(0);
      }),
      { numRuns: 100, endOnFailure: true },
    );
  }, 60_000);

  it("refuses arguments nested 10,000 deep with the path and the limit, and records nothing", async () => {
    const viewer = session.viewer;
    const [first] = targets;
    if (!viewer || !first) throw new Error("no viewer");
    const before = await db.execution.count({ where: { userId: viewer.id } });
    const state = await runCapabilityAction(null, formData({ ...first, arguments: '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000) }));
    expect(state).toMatchObject({
      ok: false,
      message: "Some arguments are not valid: see the fields marked below.",
      fieldErrors: { ["/a".repeat(64)]: ["is nested too deeply: arguments may nest objects and lists at most 64 levels deep"] },
    });
    expect(await db.execution.count({ where: { userId: viewer.id } })).toBe(before);
  });
});
