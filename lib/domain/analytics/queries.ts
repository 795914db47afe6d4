import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findOwnedAgentServices, type OwnedService } from "@/lib/model/catalog/owned-agents";
import { FINISHED_STATUSES, successRate } from "@/lib/model/figures/success-rate";
import { addInto, emptyHistogram, histogramPercentile } from "./latency-histogram";
import { OUTCOMES, analyticsWindow, windowDays, type Outcome, type OutcomeCounts } from "./outcomes";

// An agent's analytics from execution records and sample tests only (IDs, times, statuses, durations; never
// inputs or results). Runs are read from the rollup a trigger on "Execution" keeps (ExecutionDaily per
// service and UTC day, AgentExecutionDaily per agent and UTC day; migration
// 20261203110000_execution_daily_rollup), never from the runs themselves: the page reads at most 30 rows
// whatever the number of services or runs. Latency percentiles come from the rollup's duration histogram
// (lib/domain/analytics/latency-histogram.ts), so they are approximate: within one bucket (~19 %) of the exact ones.
// Every day of the window is present, with zeros where nothing ran.

export type AnalyticsService = { capabilityId: string; name: string };

export type AnalyticsDay = { day: string; runs: number; outcomes: OutcomeCounts; p50Ms: number | null; p95Ms: number | null };

export type SampleTestDay = { day: string; passed: number; failed: number };

export type AgentAnalytics = {
  handle: string;
  displayName: string;
  services: AnalyticsService[];
  /** The service the figures are limited to, or null for all of the agent's services. */
  service: AnalyticsService | null;
  /** A `?service=` this agent has no service for: nothing is counted then. */
  unknownService: string | null;
  firstDay: string;
  lastDay: string;
  days: AnalyticsDay[];
  total: { runs: number; outcomes: OutcomeCounts; p50Ms: number | null; p95Ms: number | null; successRate: number | null };
  sampleTests: { days: SampleTestDay[]; passed: number; failed: number; passRate: number | null };
};

export type AnalyticsCsvRow = { day: string; service: AnalyticsService; runs: number; outcomes: OutcomeCounts; p50Ms: number | null; p95Ms: number | null };

type Scope = {
  agentId: string;
  handle: string;
  displayName: string;
  services: AnalyticsService[];
  service: AnalyticsService | null;
  unknownService: string | null;
  /** The chosen service's internal ID, or null for all services (or none, when unknownService is set). */
  capabilityRowId: string | null;
  /** Which capabilities (internal IDs) count: one service's, or all of the agent's. */
  capabilitySql: (column: string) => Prisma.Sql;
  /** The services counted, in agent.json order (none for an unknown service). */
  counted: OwnedService[];
};

/** The owner's agent and the services counted, or null when the viewer owns no agent with this handle. */
async function findScope(ownerId: string, handle: string, serviceId: string | null): Promise<Scope | null> {
  const agent = await findOwnedAgentServices(ownerId, handle);
  if (!agent) return null;
  const services = agent.services.map((c) => ({ capabilityId: c.capabilityId, name: c.name }));
  const base = { agentId: agent.rowId, handle: agent.handle, displayName: agent.displayName, services };
  if (serviceId === null) {
    return {
      ...base,
      service: null,
      unknownService: null,
      capabilityRowId: null,
      capabilitySql: (column) => Prisma.sql`${Prisma.raw(column)} = ANY(${agent.services.map((c) => c.rowId)}::text[])`,
      counted: agent.services,
    };
  }
  const chosen = agent.services.find((c) => c.capabilityId === serviceId);
  return {
    ...base,
    service: chosen ? { capabilityId: chosen.capabilityId, name: chosen.name } : null,
    unknownService: chosen ? null : serviceId,
    capabilityRowId: chosen?.rowId ?? null,
    // An absent service counts nothing (never "all services" by accident).
    capabilitySql: (column) => (chosen ? Prisma.sql`${Prisma.raw(column)} = ${chosen.rowId}` : Prisma.sql`false`),
    counted: chosen ? [chosen] : [],
  };
}

// The rollup's status columns are named after the statuses (fixed literals, never input).
const statusColumns = (alias: string) => Prisma.raw(OUTCOMES.map((s) => `${alias}."${s}"`).join(", "));
const coalescedStatuses = (alias: string) => Prisma.raw(OUTCOMES.map((s) => `coalesce(${alias}."${s}", 0) AS "${s}"`).join(", "));

const countsRow = z.object(Object.fromEntries(OUTCOMES.map((s) => [s, z.number().int()])) as Record<Outcome, z.ZodNumber>);
const rollupRow = countsRow.extend({ day: z.string(), buckets: z.array(z.number().int()) });
const testRow = z.object({ day: z.string().nullable(), passed: z.number().int(), failed: z.number().int() });
const csvRow = countsRow.extend({ day: z.string(), capabilityId: z.string(), name: z.string(), buckets: z.array(z.number().int()).nullable() });

function countsOf(row: z.infer<typeof countsRow>): OutcomeCounts {
  return Object.fromEntries(OUTCOMES.map((s) => [s, row[s]])) as OutcomeCounts;
}

const zeroCounts = (): OutcomeCounts => Object.fromEntries(OUTCOMES.map((s) => [s, 0])) as OutcomeCounts;

const runsOf = (outcomes: OutcomeCounts) => OUTCOMES.reduce((n, s) => n + outcomes[s], 0);

const windowDaysSql = (first: string, last: string) =>
  Prisma.sql`(SELECT g::date AS "day" FROM generate_series(${first}::date, ${last}::date, interval '1 day') g)`;

/** The scope's rollup rows of the window: the agent's own rows, or one service's; none for an unknown service. */
async function rollupRows(scope: Scope, first: string, last: string) {
  if (scope.unknownService !== null) return [];
  const rows = scope.capabilityRowId
    ? await db.$queryRaw<unknown[]>`
        SELECT to_char(r."day", 'YYYY-MM-DD') AS "day", ${statusColumns("r")}, r."latencyBuckets" AS "buckets"
        FROM "ExecutionDaily" r WHERE r."capabilityId" = ${scope.capabilityRowId} AND r."day" BETWEEN ${first}::date AND ${last}::date`
    : await db.$queryRaw<unknown[]>`
        SELECT to_char(r."day", 'YYYY-MM-DD') AS "day", ${statusColumns("r")}, r."latencyBuckets" AS "buckets"
        FROM "AgentExecutionDaily" r WHERE r."agentId" = ${scope.agentId} AND r."day" BETWEEN ${first}::date AND ${last}::date`;
  return z.array(rollupRow).parse(rows);
}

/** Sample tests passed and failed per day (every day of the window) and in the whole window (day null). */
async function sampleTestsPerDay(scope: Scope, first: string, last: string) {
  const rows = await db.$queryRaw<unknown[]>`
    WITH agg AS (
      SELECT st."startedAt"::date AS "day",
             count(*) FILTER (WHERE st."status" = 'passed')::int AS "passed",
             count(*) FILTER (WHERE st."status" = 'failed')::int AS "failed"
      FROM "SampleTest" st
      WHERE ${scope.capabilitySql('st."capabilityId"')} AND st."startedAt" >= ${first}::date AND st."startedAt" < ${last}::date + 1
      GROUP BY GROUPING SETS ((st."startedAt"::date), ())
    )
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day", coalesce(agg."passed", 0) AS "passed", coalesce(agg."failed", 0) AS "failed"
    FROM ${windowDaysSql(first, last)} d FULL JOIN agg ON agg."day" = d."day"
    ORDER BY d."day" NULLS LAST`;
  return z.array(testRow).parse(rows);
}

const p50 = (h: readonly number[]) => histogramPercentile(h, 0.5);
const p95 = (h: readonly number[]) => histogramPercentile(h, 0.95);

/** The analytics page's figures for one of the owner's agents (optionally one service), or null when not theirs. */
export async function findAgentAnalytics(ownerId: string, handle: string, serviceId: string | null, now = new Date()): Promise<AgentAnalytics | null> {
  const scope = await findScope(ownerId, handle, serviceId);
  if (!scope) return null;
  const { firstDay, lastDay } = analyticsWindow(now);
  const [runRows, testRows] = await Promise.all([rollupRows(scope, firstDay, lastDay), sampleTestsPerDay(scope, firstDay, lastDay)]);
  const testTotal = testRows.find((r) => r.day === null);
  if (!testTotal) throw new Error("analytics: the window's sample-test total is missing");

  const byDay = new Map(runRows.map((r) => [r.day, r]));
  const outcomes = zeroCounts();
  const histogram = emptyHistogram();
  const days = windowDays(firstDay).map((day): AnalyticsDay => {
    const row = byDay.get(day);
    if (!row) return { day, runs: 0, outcomes: zeroCounts(), p50Ms: null, p95Ms: null };
    const counts = countsOf(row);
    for (const s of OUTCOMES) outcomes[s] += counts[s];
    addInto(histogram, row.buckets);
    return { day, runs: runsOf(counts), outcomes: counts, p50Ms: p50(row.buckets), p95Ms: p95(row.buckets) };
  });
  const finishedRuns = FINISHED_STATUSES.reduce((n, s) => n + outcomes[s], 0);
  return {
    handle: scope.handle,
    displayName: scope.displayName,
    services: scope.services,
    service: scope.service,
    unknownService: scope.unknownService,
    firstDay,
    lastDay,
    days,
    total: { runs: runsOf(outcomes), outcomes, p50Ms: p50(histogram), p95Ms: p95(histogram), successRate: successRate(outcomes.succeeded, finishedRuns) },
    sampleTests: {
      days: testRows.flatMap((r) => (r.day === null ? [] : [{ day: r.day, passed: r.passed, failed: r.failed }])),
      passed: testTotal.passed,
      failed: testTotal.failed,
      passRate: testTotal.passed + testTotal.failed === 0 ? null : testTotal.passed / (testTotal.passed + testTotal.failed),
    },
  };
}

/** One row per day × service of the window (zeros where nothing ran), oldest day first, or null when not the owner's agent. */
export async function findAnalyticsCsvRows(
  ownerId: string,
  handle: string,
  serviceId: string | null,
  now = new Date(),
): Promise<{ handle: string; unknownService: string | null; firstDay: string; lastDay: string; rows: AnalyticsCsvRow[] } | null> {
  const scope = await findScope(ownerId, handle, serviceId);
  if (!scope) return null;
  const { firstDay, lastDay } = analyticsWindow(now);
  // The service rows of the window, each set on its service and day: a join of rollup rows, never of runs.
  const rows = await db.$queryRaw<unknown[]>`
    WITH caps AS (
      SELECT * FROM unnest(${scope.counted.map((c) => c.rowId)}::text[], ${scope.counted.map((c) => c.capabilityId)}::text[], ${scope.counted.map((c) => c.name)}::text[])
        AS caps("id", "capabilityId", "name")
    )
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day", caps."capabilityId", caps."name", ${coalescedStatuses("r")}, r."latencyBuckets" AS "buckets"
    FROM ${windowDaysSql(firstDay, lastDay)} d
    CROSS JOIN caps
    LEFT JOIN "ExecutionDaily" r ON r."capabilityId" = caps."id" AND r."day" = d."day"
    ORDER BY d."day", caps."capabilityId"`;
  return {
    handle: scope.handle,
    unknownService: scope.unknownService,
    firstDay,
    lastDay,
    rows: z
      .array(csvRow)
      .parse(rows)
      .map((r) => {
        const outcomes = countsOf(r);
        return {
          day: r.day,
          service: { capabilityId: r.capabilityId, name: r.name },
          runs: runsOf(outcomes),
          outcomes,
          p50Ms: r.buckets ? p50(r.buckets) : null,
          p95Ms: r.buckets ? p95(r.buckets) : null,
        };
      }),
  };
}
