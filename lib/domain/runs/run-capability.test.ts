import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { startMcpServer, startRawMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle, type TestCapability } from "@/lib/testing/fixtures";
import { startDemoAdapters, type DemoAdapters } from "@/demo/adapters/server";
import type { Prisma } from "@/generated/prisma/client";
import { mayViewerSeeMature } from "@/lib/model/catalog/visibility";
import { cancelExecution, checkOutcome } from "./execution-hooks";
import { fingerprint } from "./fingerprint";
import { findEscalatedUnknownOutcomes, findMyRuns, findRunState, getRunPanel } from "./queries";
import { repeatExecution } from "./repeat-execution";
import { runCapability } from "./run-capability";
import type { RunResult } from "./run-types";

let server: TestServer;
let hanging: TestServer;
let adapters: DemoAdapters;
let guarded: GuardedFetch;
let publisher: Viewer;
let stranger: Viewer;
const importedHandles: string[] = [];

beforeAll(async () => {
  [server, hanging, adapters] = await Promise.all([startMcpServer(), startRawMcpServer(() => undefined), startDemoAdapters({ port: 0 })]);
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  [publisher, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await Promise.all([server.close(), hanging.close(), adapters.close()]);
  await db.agent.deleteMany({ where: { handle: { in: importedHandles } } });
  await cleanUpTestRows();
});

const echoSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

/** A published agent on the loopback test server with one capability calling `tool`. */
async function agentWith(
  tool: string,
  cap: TestCapability["extra"] = {},
  agent: Partial<Prisma.AgentUncheckedCreateInput> = {},
  capability: Omit<TestCapability, "extra"> = {},
) {
  const created = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: server.url, ...agent },
    capabilities: [{ capabilityId: "cap_run", ...capability, extra: { tool, inputSchema: echoSchema, ...cap } }],
  });
  return { handle: created.handle, capabilityId: "cap_run" };
}

function run(
  viewer: Viewer | null,
  target: { handle: string; capabilityId: string },
  args: unknown,
  opts: { dryRun?: boolean; now?: () => Date; consentToPay?: boolean } = {},
) {
  return runCapability(
    viewer,
    { ...target, arguments: args, dryRun: opts.dryRun ?? false, consentToPay: opts.consentToPay ?? false },
    { fetch: guarded, ...(opts.now ? { now: opts.now } : {}) },
  );
}

function okOf(result: RunResult) {
  if (!result.ok) throw new Error(`expected a run, got: ${result.message}`);
  return result;
}

async function executionsOf(userId: string) {
  return db.execution.findMany({ where: { userId }, orderBy: { startedAt: "asc" } });
}

describe("not runnable, each reason in words, nothing recorded", () => {
  it("refuses a signed-out viewer", async () => {
    const target = await agentWith("echo");
    const result = await run(null, target, { text: "hi" });
    expect(result).toMatchObject({ ok: false, notRunnable: { reason: "sign_in" }, message: "Sign in to run this service." });
  });

  it("refuses a mature service to a minor and to an adult with 18+ off, through the visibility rule", async () => {
    const minor = await createTestUser({ dateOfBirth: new Date(Date.now() - 15 * 365 * 86_400_000), showMature: true });
    const adultOff = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: false });
    const adultOn = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    const target = await agentWith("echo", {}, {}, { contentRating: "mature" });
    for (const viewer of [minor, adultOff]) {
      expect(mayViewerSeeMature(viewer)).toBe(false);
      expect(await run(viewer, target, { text: "hi" })).toMatchObject({ ok: false, notRunnable: { reason: "not_found" } });
      expect(await executionsOf(viewer.id)).toHaveLength(0);
      expect(await getRunPanel(viewer, target.handle, target.capabilityId)).toBeNull();
    }
    // Whoever the rule lets see it may run it: the check is the visibility function, not a rule of its own.
    expect((await run(adultOn, target, { text: "hi" })).ok).toBe(mayViewerSeeMature(adultOn));
  });

  it("refuses a suspended service, even to its publisher", async () => {
    const target = await agentWith("echo", {}, { status: "suspended", suspendedReason: "test" });
    expect(await run(publisher, target, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "suspended" } });
  });

  it("lets only its publisher run an unpublished service, not an administrator who may see it", async () => {
    const target = await agentWith("echo", {}, { status: "unpublished" });
    const admin: Viewer = { ...stranger, isAdmin: true };
    expect(await run(admin, target, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "unpublished" } });
    expect(await executionsOf(admin.id)).toHaveLength(0);
    expect((await run(publisher, target, { text: "a" })).ok).toBe(true);
  });

  it("refuses unlisted services and unpublished agents as not existing", async () => {
    const viewer = await createTestUser();
    const unlisted = await agentWith("echo", {}, {}, { listed: false });
    const unpublished = await agentWith("echo", {}, { status: "unpublished" });
    expect(await run(viewer, unlisted, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "not_found" } });
    expect(await run(viewer, unpublished, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "not_found" } });
  });

  it("refuses a capability that is listed but not offered", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("echo", { offered: false });
    expect(await run(viewer, target, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "not_offered" } });
  });

  it("refuses while the endpoint is not announced", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("echo", {}, { endpoint: "${PENDING}", endpointPending: true });
    const result = await run(viewer, target, { text: "a" });
    expect(result).toMatchObject({ ok: false, notRunnable: { reason: "endpoint_pending" } });
    expect(result.ok ? "" : result.message).toMatch(/not announced its endpoint/);
    expect((await getRunPanel(viewer, target.handle, target.capabilityId))?.notRunnable).toEqual({ reason: "endpoint_pending" });
  });

  it("refuses a paid-only service without a payment link, and runs it (marked paid) with one", async () => {
    const viewer = await createTestUser();
    const plans = {
      plans: { create: [{ planId: "per_call", position: 0, type: "per_call" as const, extra: { price_usd: 0.02 }, priceUsd: 0.02 }] },
      isPaid: true,
    };
    const noLink = await agentWith("echo", plans);
    expect(await run(viewer, noLink, { text: "a" })).toMatchObject({ ok: false, notRunnable: { reason: "paid_without_link" } });
    const withLink = await agentWith("echo", plans, { paymentLink: "https://pay.example.test/x" });
    // Without the person's agreement to the price, nothing is called and nothing recorded.
    expect(await run(viewer, withLink, { text: "a" })).toMatchObject({
      ok: false,
      notRunnable: { reason: "consent_needed", consent: "This run costs $0.02, billed by the provider." },
    });
    expect(await executionsOf(viewer.id)).toEqual([]);
    expect((await getRunPanel(viewer, withLink.handle, withLink.capabilityId))?.plans).toMatchObject([
      { kind: "provider", words: "$0.02 a call", available: true },
    ]);
    const result = okOf(await run(viewer, withLink, { text: "a" }, { consentToPay: true }));
    expect(result.execution).toMatchObject({ status: "succeeded", paid: true, planId: "per_call", planWords: "$0.02 a call" });
    const [record] = await executionsOf(viewer.id);
    expect(record).toMatchObject({ paid: true, planId: "per_call" });
  });

  it("refuses arguments that break the input schema, beside their fields, before any record", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("echo");
    const missing = await run(viewer, target, {});
    expect(missing).toMatchObject({ ok: false, fieldErrors: { "/text": ["is required"] } });
    const wrongType = await run(viewer, target, { text: 42 });
    expect(wrongType).toMatchObject({ ok: false, fieldErrors: { "/text": ["must be text"] } });
    expect(await run(viewer, target, [1, 2])).toMatchObject({ ok: false, fieldErrors: { "": ["must be a JSON object"] } });
    expect(await executionsOf(viewer.id)).toHaveLength(0);
  });
});

describe("the free daily limit", () => {
  it("counts runs per user per UTC day and says when it resets", async () => {
    const viewer = await createTestUser();
    const other = await createTestUser();
    const target = await agentWith("echo", { plans: { create: [{ planId: "free", position: 0, type: "free", dailyLimit: 2, extra: { daily_limit: 2 } }] } });
    const yesterday = () => new Date(Date.now() - 86_400_000);
    okOf(await run(viewer, target, { text: "yesterday" }, { now: yesterday }));
    okOf(await run(viewer, target, { text: "1" }));
    const panel = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(panel?.plans).toMatchObject([{ kind: "free", words: "Free · 2 runs a day", allowance: { limit: 2, used: 1 } }]);
    okOf(await run(viewer, target, { text: "2" }));
    const refused = await run(viewer, target, { text: "3" });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(refused).toMatchObject({ ok: false, notRunnable: { reason: "daily_limit", limit: 2, resetsAt: midnight.toISOString() } });
    expect(refused.ok ? "" : refused.message).toMatch(/used today's 2 free runs.*resets at midnight UTC/);
    expect((await getRunPanel(viewer, target.handle, target.capabilityId))?.notRunnable).toMatchObject({ reason: "daily_limit" });
    // Another person's allowance is their own.
    okOf(await run(other, target, { text: "mine" }));
  });

  it("holds under concurrent runs", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("echo", { plans: { create: [{ planId: "free", position: 0, type: "free", dailyLimit: 3, extra: {} }] } });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => run(viewer, target, { text: String(i) })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await executionsOf(viewer.id)).toHaveLength(3);
  });
});

describe("a run", () => {
  it("records status, duration and fingerprints, and sends the execution, capability and consumer IDs", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("whoami", { inputSchema: { type: "object" } });
    const result = okOf(await run(viewer, target, {}));
    const structured = result.answer?.structuredContent;
    const meta = typeof structured === "object" && structured !== null && "meta" in structured ? structured.meta : null;
    expect(meta).toMatchObject({ "io.explore/execution_id": result.execution.id, "io.explore/capability_id": "cap_run" });
    const consumerId = typeof meta === "object" && meta !== null && "io.explore/consumer_id" in meta ? String(meta["io.explore/consumer_id"]) : "";
    expect(consumerId).toMatch(/^csm_[A-Za-z0-9_-]{32}$/);
    expect(consumerId).not.toContain(viewer.id);
    expect(consumerId).not.toContain(viewer.email);
    // Stable for this agent, different for another agent.
    const again = okOf(await run(viewer, target, {}));
    expect(JSON.stringify(again.answer?.structuredContent)).toContain(consumerId);
    const elsewhere = okOf(await run(viewer, await agentWith("whoami", { inputSchema: { type: "object" } }), {}));
    expect(JSON.stringify(elsewhere.answer?.structuredContent)).not.toContain(consumerId);

    const record = await db.execution.findUniqueOrThrow({ where: { id: result.execution.id } });
    expect(record).toMatchObject({ status: "succeeded", userId: viewer.id, dryRun: false, argumentsSha256: fingerprint({}) });
    expect(record.resultSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record.durationMs).toBeGreaterThanOrEqual(0);
    expect(record.finishedAt).not.toBeNull();
  });

  it("finishes the record after the answer when nothing can cancel the run, and before it when something can", async () => {
    const viewer = await createTestUser();
    const later: (() => Promise<void>)[] = [];
    const afterAnswer = (task: () => Promise<void>) => void later.push(task);
    const plain = await agentWith("whoami", { inputSchema: { type: "object" } });
    const first = okOf(await runCapability(viewer, { ...plain, arguments: {}, dryRun: false }, { fetch: guarded, afterAnswer }));
    expect(first.execution.status).toBe("succeeded");
    expect(later).toHaveLength(1);
    expect(await db.execution.findUniqueOrThrow({ where: { id: first.execution.id } })).toMatchObject({ status: "running", finishedAt: null });
    await later[0]?.();
    expect(await db.execution.findUniqueOrThrow({ where: { id: first.execution.id } })).toMatchObject({
      status: "succeeded",
      resultSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const cancellable = await agentWith("whoami", { inputSchema: { type: "object" }, cancellation: "whoami" });
    const second = okOf(await runCapability(viewer, { ...cancellable, arguments: {}, dryRun: false }, { fetch: guarded, afterAnswer }));
    expect(later).toHaveLength(1);
    expect(await db.execution.findUniqueOrThrow({ where: { id: second.execution.id } })).toMatchObject({ status: "succeeded" });
  });

  it("keeps no argument and no result: a marker appears nowhere in the database", async () => {
    const viewer = await createTestUser();
    const marker = `MARKER-${crypto.randomUUID()}`;
    const echo = await agentWith("echo");
    const failing = await agentWith("out-of-stock", { inputSchema: { type: "object" } });
    const result = okOf(await run(viewer, echo, { text: marker }));
    expect(result.answer?.structuredContent).toEqual({ text: marker });
    okOf(await run(viewer, failing, { note: marker }));
    const tables = await db.$queryRaw<{ tablename: string }[]>`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.length).toBeGreaterThan(5);
    let rows = 0;
    for (const { tablename } of tables) {
      const dump = await db.$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${tablename.replace(/"/g, '""')}" t`);
      rows += dump.length;
      for (const { row } of dump) expect(row, `table ${tablename}`).not.toContain(marker);
    }
    expect(rows).toBeGreaterThan(0);
    const record = await db.execution.findUniqueOrThrow({ where: { id: result.execution.id } });
    expect(record.argumentsSha256).toBe(fingerprint({ text: marker }));
  });

  it("shows a tool error as the tool's message, but keeps only Explore's words", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("out-of-stock", { inputSchema: { type: "object" } });
    const result = okOf(await run(viewer, target, {}));
    expect(result.execution).toMatchObject({ status: "tool_error", message: "The widget is out of stock." });
    expect(await findRunState(viewer, result.execution.id)).toMatchObject({ status: "tool_error", message: "The tool reported an error." });
  });

  it("warns when structuredContent breaks the output schema", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("wrong-shape", {
      inputSchema: { type: "object" },
      outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
    });
    const result = okOf(await run(viewer, target, {}));
    expect(result.execution.status).toBe("succeeded");
    expect(result.answer?.outputWarning?.join(" ")).toMatch(/\/sum must be number/);
  });

  it("an adapter that is down fails with a sentence and a status", async () => {
    const viewer = await createTestUser();
    const target = await agentWith("echo", {}, { endpoint: "http://127.0.0.1:9/mcp" });
    const result = okOf(await run(viewer, target, { text: "a" }));
    expect(result.execution.status).toBe("failed");
    expect(result.execution.message.length).toBeGreaterThan(10);
    expect((await findRunState(viewer, result.execution.id))?.status).toBe("failed");
  });
});

describe("an external action", () => {
  async function importReminders(): Promise<{ handle: string; capabilityId: string }> {
    const handle = uniqueHandle("nudge");
    const text = (await readFile("demo/agents/nudge-reminders.json", "utf8"))
      .replaceAll("http://127.0.0.1:4510", adapters.url)
      .replace('"@nudge-reminders"', JSON.stringify(handle));
    const imported = await importAgentFile({ text, ownerId: publisher.id, publish: true });
    if (!imported.ok) throw new Error(imported.message);
    importedHandles.push(handle);
    return { handle, capabilityId: "cap_send_reminder" };
  }
  const reminder = { to: "sam@example.com", channel: "email", message: "Dentist at 10:30", send_at: "2030-01-15T09:00:00Z" };

  it("fills the idempotency argument with the execution ID, dry-runs, checks the outcome and cancels", async () => {
    const viewer = await createTestUser();
    const target = await importReminders();
    const dry = okOf(await run(viewer, target, reminder, { dryRun: true }));
    expect(dry.answer?.structuredContent).toMatchObject({ status: "dry_run", deliveries: 0 });
    expect(dry.execution).toMatchObject({ dryRun: true, status: "succeeded" });

    // A value typed for the idempotency key or the dry-run switch is replaced by Explore's.
    const real = okOf(await run(viewer, target, { ...reminder, idempotency_key: "mine", dry_run: true }));
    expect(real.answer?.structuredContent).toMatchObject({ status: "scheduled", execution_id: real.execution.id, dry_run: false });
    expect((await db.execution.findUniqueOrThrow({ where: { id: real.execution.id } })).argumentsSha256).toBe(fingerprint(reminder));

    const outcome = await checkOutcome(viewer, real.execution.id, { fetch: guarded });
    expect(outcome).toMatchObject({ ok: true, answer: { structuredContent: { outcome: "pending", execution_id: real.execution.id } } });

    // Somebody else can neither read, check, cancel nor repeat it.
    expect(await findRunState(stranger, real.execution.id)).toBeNull();
    expect(await checkOutcome(stranger, real.execution.id, { fetch: guarded })).toMatchObject({ ok: false, message: "There is no such run of yours." });
    expect(await cancelExecution(stranger, real.execution.id, { fetch: guarded })).toMatchObject({ ok: false, message: "There is no such run of yours." });
    expect(await repeatExecution(stranger, real.execution.id, reminder, { fetch: guarded })).toMatchObject({
      ok: false,
      message: "There is no such run of yours.",
    });
    expect((await findMyRuns(stranger)).map((r) => r.id)).not.toContain(real.execution.id);

    // Repeat: same execution ID, so the adapter returns the same reminder and sends nothing new.
    const repeated = await repeatExecution(viewer, real.execution.id, reminder, { fetch: guarded });
    expect(repeated).toMatchObject({ ok: true, answer: { structuredContent: { duplicate: true, execution_id: real.execution.id } } });
    expect(await repeatExecution(viewer, real.execution.id, { ...reminder, message: "other" }, { fetch: guarded })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not the arguments of that run/),
    });
    expect(await db.execution.findUniqueOrThrow({ where: { id: real.execution.id } })).toMatchObject({
      repeatCount: 1,
      lastRepeatStatus: "succeeded",
      status: "succeeded",
    });

    const cancelled = await cancelExecution(viewer, real.execution.id, { fetch: guarded });
    expect(cancelled).toMatchObject({ ok: true, status: "cancelled" });
    expect(await findRunState(viewer, real.execution.id)).toMatchObject({ status: "cancelled" });
    expect(await checkOutcome(viewer, real.execution.id, { fetch: guarded })).toMatchObject({ answer: { structuredContent: { outcome: "cancelled" } } });
    expect((await findMyRuns(viewer)).map((r) => r.id)).toEqual(expect.arrayContaining([dry.execution.id, real.execution.id]));
  });

  it("a hang after the request went out is an unknown outcome, never retried, escalated to the publisher", async () => {
    const owner = await createTestUser();
    const viewer = await createTestUser();
    const created = await createTestAgent({
      ownerId: owner.id,
      extra: { endpoint: hanging.url },
      capabilities: [
        {
          capabilityId: "cap_book",
          extra: {
            tool: "book",
            class: "external_action",
            repeat: "status_only",
            outsideAction: "schedule",
            effects: { idempotencyArgument: null, outcomeLookup: null, escalate: true, dryRunArgument: null },
            maxDurationSeconds: 1,
            inputSchema: { type: "object" },
          },
        },
      ],
    });
    const before = hanging.methods.filter((m) => m === "tools/call").length;
    const result = okOf(await run(viewer, { handle: created.handle, capabilityId: "cap_book" }, { when: "tomorrow" }));
    expect(result.execution.status).toBe("outcome_unknown");
    expect(result.execution.message).toMatch(/Outcome unknown.*cannot tell whether it schedules appointments or events.*not retried.*dashboard/);
    expect(hanging.methods.filter((m) => m === "tools/call").length - before).toBe(1);
    const escalated = await findEscalatedUnknownOutcomes(owner.id);
    expect(escalated.map((e) => e.executionId)).toContain(result.execution.id);
    expect(escalated[0]?.consumerId).toMatch(/^csm_/);
    expect(await findEscalatedUnknownOutcomes(publisher.id)).not.toContainEqual(expect.objectContaining({ executionId: result.execution.id }));
  });
});

describe("refreshes of a paid execution", () => {
  it("are counted against refreshes.per_execution within within_hours", async () => {
    const viewer = await createTestUser();
    const target = await agentWith(
      "echo",
      {
        repeat: "refresh",
        refreshesPerExecution: 1,
        refreshesWithinHours: 2,
        isPaid: true,
        plans: { create: [{ planId: "pack", position: 0, type: "pack", extra: {} }] },
      },
      { paymentLink: "https://pay.example.test/p" },
    );
    const first = okOf(await run(viewer, target, { text: "fresh" }, { consentToPay: true }));
    const late = await repeatExecution(viewer, first.execution.id, { text: "fresh" }, { fetch: guarded, now: () => new Date(Date.now() + 3 * 3_600_000) });
    expect(late).toMatchObject({ ok: false, message: expect.stringMatching(/available for 2 h after it finished/) });
    expect(await repeatExecution(viewer, first.execution.id, { text: "fresh" }, { fetch: guarded })).toMatchObject({ ok: true, status: "succeeded" });
    expect(await repeatExecution(viewer, first.execution.id, { text: "fresh" }, { fetch: guarded })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/1 included refresh are used up/),
    });
    expect(await db.execution.findUniqueOrThrow({ where: { id: first.execution.id } })).toMatchObject({ refreshesUsed: 1, repeatCount: 1 });
  });
});
