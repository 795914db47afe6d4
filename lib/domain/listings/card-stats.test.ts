import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { ExecutionStatus } from "@/generated/prisma/enums";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { findListingsByRowIds } from "@/lib/model/catalog/queries";
import { saveDataRules } from "@/lib/domain/data-rules/queries";
import { NO_RULES } from "@/lib/domain/data-rules/rules";
import { findCardStats, MIN_RUNS_FOR_SUCCESS_RATE } from "./card-stats";
import { hydrateCards } from "./cards";

const imported: string[] = [];
afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: imported } } });
  await cleanUpTestRows();
});

const now = new Date("2026-12-01T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

async function runs(capabilityId: string, list: [ExecutionStatus, Date, boolean?][]) {
  await db.execution.createMany({
    data: list.map(([status, startedAt, dryRun]) => ({ capabilityId, status, startedAt, dryRun: dryRun ?? false, argumentsSha256: "0".repeat(64) })),
  });
}

describe("card figures", () => {
  it("counts 30-day runs like the API, shows a success rate only past the threshold, and dates a fresh passing sample test", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: [{ extra: { hasExample: true } }, { extra: { hasExample: true } }, {}],
    });
    const [busy, quiet, untested] = agent.capabilities.map((c) => c.id);
    if (!busy || !quiet || !untested) throw new Error("three capabilities expected");
    // busy: 9 succeeded + 2 tool errors (11 finished), 1 cancelled (a run, not finished), 1 running,
    // 1 dry run and 1 older than 30 days: 12 runs, 9/11 succeeded.
    await runs(busy, [
      ...Array.from({ length: 9 }, (): [ExecutionStatus, Date] => ["succeeded", daysAgo(2)]),
      ["tool_error", daysAgo(3)],
      ["tool_error", daysAgo(4)],
      ["cancelled", daysAgo(5)],
      ["running", daysAgo(0)],
      ["succeeded", daysAgo(1), true],
      ["succeeded", daysAgo(40)],
    ]);
    // quiet: fewer finished runs than the threshold.
    await runs(
      quiet,
      Array.from({ length: MIN_RUNS_FOR_SUCCESS_RATE - 1 }, (): [ExecutionStatus, Date] => ["succeeded", daysAgo(1)]),
    );
    await db.sampleTest.createMany({
      data: [
        { capabilityId: busy, capabilityVersion: "1", status: "failed", startedAt: daysAgo(4), jobId: randomUUID() },
        { capabilityId: busy, capabilityVersion: "1", status: "passed", startedAt: daysAgo(2), jobId: randomUUID() },
        // The latest test of quiet failed: no label, however recent the pass before it.
        { capabilityId: quiet, capabilityVersion: "1", status: "passed", startedAt: daysAgo(2), jobId: randomUUID() },
        { capabilityId: quiet, capabilityVersion: "1", status: "failed", startedAt: daysAgo(1), jobId: randomUUID() },
        // No example: never labelled.
        { capabilityId: untested, capabilityVersion: "1", status: "passed", startedAt: daysAgo(1), jobId: randomUUID() },
      ],
    });

    const stats = await findCardStats([busy, quiet, untested], now);
    expect(stats.get(busy)).toEqual({ runs30d: 12, successRate: 9 / 11, sampleTestedAt: daysAgo(2) });
    expect(stats.get(quiet)).toEqual({ runs30d: MIN_RUNS_FOR_SUCCESS_RATE - 1, successRate: null, sampleTestedAt: null });
    expect(stats.get(untested)).toEqual({ runs30d: 0, successRate: null, sampleTestedAt: null });
    expect(await findCardStats([], now)).toEqual(new Map());
  });

  it("tells a viewer with data rules how many each card meets, and nobody else", async () => {
    const owner = await createTestUser();
    const handle = uniqueHandle("cards");
    imported.push(handle);
    const capability = (tool: string, data: JsonObject): JsonObject => ({
      tool,
      name: `Card ${tool}`,
      summary: "Does one thing for the card tests.",
      category: "weather.current",
      limitations: "Test rows only.",
      class: "read_only",
      output_schema: { type: "object" },
      data,
    });
    const result = await importAgentFile({
      ownerId: owner.id,
      publish: true,
      text: JSON.stringify({
        ekl: "1.0",
        mode: "service_provider",
        execution_mode: "storage_free",
        agent: { handle, display_name: "Card Agent", purpose: "Helps the card tests.", languages: ["en"] },
        adapter: { endpoint: "https://mcp.example.test/mcp" },
        capabilities: [capability("careful", { inputs: { retention: "none" }, used_for_training: false }), capability("trains", { used_for_training: true })],
      }),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const rows = await db.capability.findMany({ where: { agent: { handle } }, select: { id: true, tool: true } });
    const idOf = (tool: string) => rows.find((r) => r.tool === tool)?.id ?? "";
    const listings = [
      ...(
        await findListingsByRowIds(
          null,
          rows.map((r) => r.id),
          now,
        )
      ).values(),
    ];
    const strict = await createTestUser();
    await saveDataRules(strict.id, { ...NO_RULES, noTraining: true, inputsMaxDays: 0 });
    const none = await createTestUser();

    const forStrict = await hydrateCards(strict, listings, now);
    const verdicts = new Map(forStrict.map((c) => [c.rowId, c.rules]));
    expect(verdicts.get(idOf("careful"))).toEqual({ met: 2, total: 2 });
    expect(verdicts.get(idOf("trains"))).toMatchObject({ total: 2 });
    expect(verdicts.get(idOf("trains"))?.met).toBeLessThan(2);
    expect((await hydrateCards(none, listings, now)).map((c) => c.rules)).toEqual([null, null]);
    expect((await hydrateCards(null, listings, now)).map((c) => c.rules)).toEqual([null, null]);
  });
});
