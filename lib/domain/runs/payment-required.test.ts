import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { runSampleTestJob } from "@/lib/domain/sample-tests/test-job";
import { startDemoAdapters, type DemoAdapters } from "@/demo/adapters/server";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";
import { findRunState } from "./queries";
import { repeatExecution } from "./repeat-execution";
import { runCapability } from "./run-capability";
import type { RunResult } from "./run-types";

// The provider-enforced "payment required" convention through the real run path, against real MCP servers
// on loopback: the test server's `refuse-with` tool (any structuredContent) and the demo's Odds Lab.

let server: TestServer;
let adapters: DemoAdapters;
let guarded: GuardedFetch;
let publisher: Viewer;
const oddsPaid = new Set<string>();
const importedHandles: string[] = [];

beforeAll(async () => {
  [server, adapters] = await Promise.all([startMcpServer(), startDemoAdapters({ port: 0, oddsPaidConsumers: oddsPaid })]);
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  publisher = await createTestUser();
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await Promise.all([server.close(), adapters.close()]);
  await db.agent.deleteMany({ where: { handle: { in: importedHandles } } });
  await cleanUpTestRows();
});

const DECLARED = "https://pay.example.test/odds?ref=card&client_reference_id=stale";
const perCall = {
  plans: { create: [{ planId: "per_call", position: 0, type: "per_call" as const, extra: { price_usd: 0.02 }, priceUsd: 0.02 }] },
  isPaid: true,
};
const ADAPTER_TEXT = "Pay first at https://pay.evil.example/now";

/** A published agent on the test server whose capability answers `structured` as a tool error. */
async function refusing(opts: { paymentLink: string | null; paid: boolean }) {
  const created = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: server.url, paymentLink: opts.paymentLink },
    capabilities: [{ capabilityId: "cap_pay", extra: { tool: "refuse-with", inputSchema: { type: "object" }, ...(opts.paid ? perCall : {}) } }],
  });
  return { handle: created.handle, capabilityId: "cap_pay" };
}

function run(viewer: Viewer, target: { handle: string; capabilityId: string }, args: Record<string, unknown>) {
  return runCapability(viewer, { ...target, arguments: args, dryRun: false, consentToPay: true }, { fetch: guarded });
}

function okOf(result: RunResult) {
  if (!result.ok) throw new Error(`expected a run, got: ${result.message}`);
  return result;
}

const refuseWith = (paymentRequired: unknown) => ({ structured: { payment_required: paymentRequired } });

describe("an adapter's payment-required answer", () => {
  it("is recorded as payment_required in Explore's words, with the plan in words and the consumer's link", async () => {
    const viewer = await createTestUser();
    const target = await refusing({ paymentLink: DECLARED, paid: true });
    const named = "https://pay.example.test/odds/checkout?plan=per_call";
    const result = okOf(await run(viewer, target, refuseWith({ plan_id: "per_call", payment_link: named, message: "Pay <b>now</b>, friend." })));

    const words = "Payment is required: pay at the provider, then run it again. Plan: $0.02 a call.";
    expect(result.execution).toMatchObject({ status: "payment_required", message: words });
    const consumerId = consumerIdFor(viewer.id, target.handle);
    expect(result.answer?.paymentRequired).toEqual({
      planId: "per_call",
      planWords: "$0.02 a call",
      link: `${named}&client_reference_id=${consumerId}`,
      message: "Pay <b>now</b>, friend.",
    });
    // The record keeps Explore's words only, never the adapter's.
    const record = await db.execution.findUniqueOrThrow({ where: { id: result.execution.id } });
    expect(record).toMatchObject({ status: "payment_required", message: words, paid: true, planId: "per_call" });
    expect(await findRunState(viewer, result.execution.id)).toMatchObject({ status: "payment_required", message: words });
    for (const adapterWords of ["friend", "evil", "checkout"]) expect(record.message).not.toContain(adapterWords);
  });

  it("shows the agent's declared payment link, never a link on another origin", async () => {
    const viewer = await createTestUser();
    const target = await refusing({ paymentLink: DECLARED, paid: true });
    const consumerId = consumerIdFor(viewer.id, target.handle);
    const declaredForViewer = `https://pay.example.test/odds?ref=card&client_reference_id=${consumerId}`;
    for (const foreign of ["https://pay.evil.example/now", "https://pay.example.test.evil.example/odds", "https://pay.example.test:8443/odds"]) {
      const result = okOf(await run(viewer, target, refuseWith({ plan_id: "per_call", payment_link: foreign })));
      expect(result.execution.status).toBe("payment_required");
      expect(result.answer?.paymentRequired?.link, foreign).toBe(declaredForViewer);
    }
    // Without a link of its own, the declared one.
    const plain = okOf(await run(viewer, target, refuseWith({})));
    expect(plain.answer?.paymentRequired).toEqual({ planId: null, planWords: null, link: declaredForViewer, message: null });
    expect(plain.execution.message).toBe("Payment is required: pay at the provider, then run it again.");
  });

  it("shows no link when the agent declares none, and no plan the capability does not have", async () => {
    const viewer = await createTestUser();
    const target = await refusing({ paymentLink: null, paid: false });
    const result = okOf(await run(viewer, target, refuseWith({ plan_id: "gold", payment_link: "https://pay.evil.example/now", message: "Gold plan only." })));
    expect(result.execution).toMatchObject({ status: "payment_required", message: "Payment is required: pay at the provider, then run it again." });
    expect(result.answer?.paymentRequired).toEqual({ planId: null, planWords: null, link: null, message: "Gold plan only." });
  });

  it("stays an ordinary tool error when the convention is malformed", async () => {
    const viewer = await createTestUser();
    const target = await refusing({ paymentLink: DECLARED, paid: true });
    for (const malformed of [{ payment_link: "http://pay.example.test/odds" }, { plan_id: 7 }, { message: "m".repeat(1001) }, null, "pay"]) {
      const result = okOf(await run(viewer, target, refuseWith(malformed)));
      expect(result.execution, JSON.stringify(malformed)).toMatchObject({ status: "tool_error", message: ADAPTER_TEXT });
      expect(result.answer?.paymentRequired ?? null).toBeNull();
      expect(await findRunState(viewer, result.execution.id)).toMatchObject({ status: "tool_error", message: "The tool reported an error." });
    }
  });

  it("is judged the same way on a repeat", async () => {
    const viewer = await createTestUser();
    const target = await refusing({ paymentLink: DECLARED, paid: true });
    const args = refuseWith({ plan_id: "per_call" });
    const first = okOf(await run(viewer, target, args));
    const repeated = await repeatExecution(viewer, first.execution.id, args, { fetch: guarded });
    expect(repeated).toMatchObject({ ok: true, status: "payment_required", answer: { paymentRequired: { planWords: "$0.02 a call" } } });
    expect(await db.execution.findUniqueOrThrow({ where: { id: first.execution.id } })).toMatchObject({ lastRepeatStatus: "payment_required" });
  });
});

describe("the demo's Odds Lab, a provider-enforced paid service", () => {
  async function importOddsLab(): Promise<string> {
    const handle = uniqueHandle("odds");
    const text = (await readFile("demo/agents/odds-lab.json", "utf8"))
      .replaceAll("http://127.0.0.1:4510", adapters.url)
      .replace('"@odds-lab"', JSON.stringify(handle));
    const imported = await importAgentFile({ text, ownerId: publisher.id, publish: true });
    if (!imported.ok) throw new Error(imported.message);
    importedHandles.push(handle);
    return handle;
  }
  const odds = { format: "fractional", value: "5/2", stake: 10 };

  it("asks a consumer it has no record of to pay, and runs for one it has", async () => {
    const handle = await importOddsLab();
    const target = { handle, capabilityId: "cap_convert_odds" };
    const viewer = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    const consumerId = consumerIdFor(viewer.id, handle);

    const unpaid = okOf(await run(viewer, target, odds));
    expect(unpaid.execution).toMatchObject({
      status: "payment_required",
      message: "Payment is required: pay at the provider, then run it again. Plan: $0.02 a call.",
    });
    expect(unpaid.answer?.paymentRequired).toMatchObject({
      planId: "per_call",
      link: `https://pay.example.com/odds-lab?client_reference_id=${consumerId}`,
      message: expect.stringContaining("no payment on record"),
    });

    // The provider's record now holds this consumer ID (what its payment page would do): run again, it goes through.
    oddsPaid.add(consumerId);
    const paid = okOf(await run(viewer, target, odds));
    expect(paid.execution.status).toBe("succeeded");
    expect(paid.answer).toMatchObject({ structuredContent: { decimal: 3.5, american: "+250" }, paymentRequired: null });

    // Another person's ID is theirs: no record, so payment required.
    const other = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    expect(okOf(await run(other, target, odds)).execution.status).toBe("payment_required");
  });

  it("still passes its sample test, which carries the validation flag and no consumer ID", async () => {
    const handle = await importOddsLab();
    const capability = await db.capability.findFirstOrThrow({ where: { agent: { handle }, capabilityId: "cap_convert_odds" }, select: { id: true } });
    const jobId = randomUUID();
    expect(await runSampleTestJob(jobId, capability.id, { fetch: guarded })).toBe("recorded");
    expect(await db.sampleTest.findUniqueOrThrow({ where: { jobId } })).toMatchObject({ status: "passed", failureReason: null });
  });
});
