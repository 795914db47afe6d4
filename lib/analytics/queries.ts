import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { FINISHED_STATUSES, finishedSql, successRate } from "@/lib/runs/success-rate";
import { ANALYTICS_DAYS, OUTCOMES, analyticsWindow, type Outcome, type OutcomeCounts } from "./outcomes";

// An agent's analytics from execution records and sample tests only (IDs, times, statuses, durations; never
// inputs or results), aggregated in PostgreSQL: a handful of queries whatever the number of services or runs.
// Days are UTC days; every day of the window is present (generate_series), with zeros where nothing ran.
// Latency is the durationMs of finished runs (lib/runs/success-rate.ts says which runs are finished).

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
  handle: string;
  displayName: string;
  services: AnalyticsService[];
  service: AnalyticsService | null;
  unknownService: string | null;
  /** Which capabilities (internal IDs) count: one service's, or all of the agent's. */
  capabilitySql: (column: string) => Prisma.Sql;
};

/** The owner's agent and the services counted, or null when the viewer owns no agent with this handle. */
async function findScope(ownerId: string, handle: string, serviceId: string | null): Promise<Scope | null> {
  const agent = await db.agent.findFirst({
    where: { handle, ownerId },
    select: { id: true, handle: true, displayName: true, capabilities: { select: { id: true, capabilityId: true, name: true }, orderBy: { position: "asc" } } },
  });
  if (!agent) return null;
  const services = agent.capabilities.map((c) => ({ capabilityId: c.capabilityId, name: c.name }));
  if (serviceId === null) {
    return {
      handle: agent.handle,
      displayName: agent.displayName,
      services,
      service: null,
      unknownService: null,
      capabilitySql: (column) => Prisma.sql`${Prisma.raw(column)} IN (SELECT c."id" FROM "Capability" c WHERE c."agentId" = ${agent.id})`,
    };
  }
  const chosen = agent.capabilities.find((c) => c.capabilityId === serviceId);
  return {
    handle: agent.handle,
    displayName: agent.displayName,
    services,
    service: chosen ? { capabilityId: chosen.capabilityId, name: chosen.name } : null,
    unknownService: chosen ? null : serviceId,
    // An absent service counts nothing (never "all services" by accident).
    capabilitySql: (column) => (chosen ? Prisma.sql`${Prisma.raw(column)} = ${chosen.id}` : Prisma.sql`false`),
  };
}

const outcomeColumns = (alias: string) =>
  Prisma.raw(OUTCOMES.map((s) => `count(${alias}."status") FILTER (WHERE ${alias}."status" = '${s}')::int AS "${s}"`).join(", "));

const coalesced = (alias: string) => Prisma.raw(OUTCOMES.map((s) => `coalesce(${alias}."${s}", 0) AS "${s}"`).join(", "));

const countsRow = z.object(Object.fromEntries(OUTCOMES.map((s) => [s, z.number().int()])) as Record<Outcome, z.ZodNumber>);
const dayRow = countsRow.extend({ day: z.string().nullable(), runs: z.number().int(), p50: z.number().nullable(), p95: z.number().nullable() });
const testRow = z.object({ day: z.string().nullable(), passed: z.number().int(), failed: z.number().int() });
const csvRow = countsRow.extend({ day: z.string(), capabilityId: z.string(), name: z.string(), runs: z.number().int(), p50: z.number().nullable(), p95: z.number().nullable() });

function countsOf(row: z.infer<typeof countsRow>): OutcomeCounts {
  return Object.fromEntries(OUTCOMES.map((s) => [s, row[s]])) as OutcomeCounts;
}

const finished = finishedSql("r");

// Both percentiles from one sort of the durations (two percentile_cont calls sort them twice).
const percentiles = Prisma.sql`percentile_cont(ARRAY[0.5, 0.95]::float8[]) WITHIN GROUP (ORDER BY r."durationMs") FILTER (WHERE ${finished}) AS "pct"`;

const windowDays = (first: string, last: string) => Prisma.sql`(SELECT g::date AS "day" FROM generate_series(${first}::date, ${last}::date, interval '1 day') g)`;

// Aggregated first (per day and for the whole window, in one pass), then set on the window's days: the join is
// between 31 rows and 30, never the runs themselves.

// The percentiles sort every run of the window: 100,000 runs need ~6 MB, more than PostgreSQL's default 4 MB
// work_mem, and a sort that spills to disk took half the page's time (bench/analytics.ts). Raised for this
// statement's transaction only.
const SORT_MEMORY = Prisma.raw(`SET LOCAL work_mem = '64MB'`);

async function withSortMemory<T>(query: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`${SORT_MEMORY}`;
    return query(tx);
  });
}

/** Runs per day (every day of the window) and the window's total (day null), by outcome, with p50/p95 of finished runs. */
async function runsPerDay(scope: Scope, first: string, last: string) {
  const rows = await withSortMemory((tx) => tx.$queryRaw<unknown[]>`
    WITH agg AS (
      SELECT r."startedAt"::date AS "day", count(*)::int AS "runs", ${outcomeColumns("r")},
             ${percentiles}
      FROM "Execution" r
      WHERE ${scope.capabilitySql('r."capabilityId"')} AND r."startedAt" >= ${first}::date AND r."startedAt" < ${last}::date + 1
      GROUP BY GROUPING SETS ((r."startedAt"::date), ())
    )
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day", coalesce(agg."runs", 0) AS "runs", ${coalesced("agg")}, agg."pct"[1] AS "p50", agg."pct"[2] AS "p95"
    FROM ${windowDays(first, last)} d FULL JOIN agg ON agg."day" = d."day"
    ORDER BY d."day" NULLS LAST`);
  return z.array(dayRow).parse(rows);
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
    FROM ${windowDays(first, last)} d FULL JOIN agg ON agg."day" = d."day"
    ORDER BY d."day" NULLS LAST`;
  return z.array(testRow).parse(rows);
}

/** The analytics page's figures for one of the owner's agents (optionally one service), or null when not theirs. */
export async function findAgentAnalytics(ownerId: string, handle: string, serviceId: string | null, now = new Date()): Promise<AgentAnalytics | null> {
  const scope = await findScope(ownerId, handle, serviceId);
  if (!scope) return null;
  const { firstDay, lastDay } = analyticsWindow(now);
  const [runRows, testRows] = await Promise.all([runsPerDay(scope, firstDay, lastDay), sampleTestsPerDay(scope, firstDay, lastDay)]);
  const totalRow = runRows.find((r) => r.day === null);
  const testTotal = testRows.find((r) => r.day === null);
  if (!totalRow || !testTotal || runRows.length !== ANALYTICS_DAYS + 1) throw new Error("analytics: the window's rows are missing");
  const outcomes = countsOf(totalRow);
  const finishedRuns = FINISHED_STATUSES.reduce((n, s) => n + outcomes[s], 0);
  return {
    handle: scope.handle,
    displayName: scope.displayName,
    services: scope.services,
    service: scope.service,
    unknownService: scope.unknownService,
    firstDay,
    lastDay,
    days: runRows.flatMap((r) => (r.day === null ? [] : [{ day: r.day, runs: r.runs, outcomes: countsOf(r), p50Ms: r.p50, p95Ms: r.p95 }])),
    total: { runs: totalRow.runs, outcomes, p50Ms: totalRow.p50, p95Ms: totalRow.p95, successRate: successRate(outcomes.succeeded, finishedRuns) },
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
  const rows = await withSortMemory((tx) => tx.$queryRaw<unknown[]>`
    WITH caps AS (
      SELECT c."id", c."capabilityId", c."name" FROM "Capability" c WHERE ${scope.capabilitySql('c."id"')}
    ), per AS (
      SELECT r."capabilityId", r."startedAt"::date AS "day", count(*)::int AS "runs", ${outcomeColumns("r")},
             ${percentiles}
      FROM "Execution" r
      WHERE r."capabilityId" IN (SELECT "id" FROM caps) AND r."startedAt" >= ${firstDay}::date AND r."startedAt" < ${lastDay}::date + 1
      GROUP BY 1, 2
    )
    SELECT to_char(d."day", 'YYYY-MM-DD') AS "day", caps."capabilityId", caps."name", coalesce(per."runs", 0) AS "runs",
           ${coalesced("per")}, per."pct"[1] AS "p50", per."pct"[2] AS "p95"
    FROM ${windowDays(firstDay, lastDay)} d
    CROSS JOIN caps
    LEFT JOIN per ON per."capabilityId" = caps."id" AND per."day" = d."day"
    ORDER BY d."day", caps."capabilityId"`);
  return {
    handle: scope.handle,
    unknownService: scope.unknownService,
    firstDay,
    lastDay,
    rows: z
      .array(csvRow)
      .parse(rows)
      .map((r) => ({ day: r.day, service: { capabilityId: r.capabilityId, name: r.name }, runs: r.runs, outcomes: countsOf(r), p50Ms: r.p50, p95Ms: r.p95 })),
  };
}
