import "server-only";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { findOwnedServiceRows } from "@/lib/model/catalog/owned-agents";
import { finishedSql, successRate } from "@/lib/model/figures/success-rate";
import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";

// The dashboard home's figures per agent, from execution records and sample tests only (never content):
// runs in the last 7 days and how many of the finished ones succeeded, the sample-test health of the
// services with an example, and unknown outcomes still waiting for the publisher (not marked resolved).

export type AgentStats = {
  runs7d: number;
  /** Succeeded ÷ finished (lib/model/figures/success-rate.ts), or null when none finished. */
  successRate: number | null;
  sampleTests: { passing: number; failing: number; untested: number };
  unknownOutcomes: number;
};

const row = z.object({
  handle: z.string(),
  runs7d: z.number(),
  succeeded7d: z.number(),
  finished7d: z.number(),
  passing: z.number(),
  failing: z.number(),
  untested: z.number(),
  unknownOutcomes: z.number(),
});

const DAY_MS = 86_400_000;

export async function findAgentStats(ownerId: string, now = new Date()): Promise<Map<string, AgentStats>> {
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const owned = await findOwnedServiceRows(ownerId);
  if (owned.agents.length === 0) return new Map();
  // The owner's agents and services travel as arrays: the figures are read from runs and sample tests only.
  const rows = await db.$queryRaw<unknown[]>`
    WITH caps AS (
      SELECT * FROM unnest(${owned.services.map((c) => c.rowId)}::text[], ${owned.services.map((c) => c.agentRowId)}::text[], ${owned.services.map((c) => c.hasExample)}::boolean[])
        AS caps("id", "agentId", "hasExample")
    ), agents AS (
      SELECT * FROM unnest(${owned.agents.map((a) => a.rowId)}::text[], ${owned.agents.map((a) => a.handle)}::text[]) AS agents("id", "handle")
    ), runs AS (
      SELECT caps."agentId",
             count(*) FILTER (WHERE e."startedAt" > ${since})::int AS "runs7d",
             count(*) FILTER (WHERE e."startedAt" > ${since} AND e."status" = 'succeeded')::int AS "succeeded7d",
             count(*) FILTER (WHERE e."startedAt" > ${since} AND ${finishedSql("e")})::int AS "finished7d",
             count(*) FILTER (WHERE e."status" = 'outcome_unknown' AND NOT EXISTS (SELECT FROM "UnknownOutcomeResolution" r WHERE r."executionId" = e."id"))::int AS "unknownOutcomes"
      FROM caps JOIN "Execution" e ON e."capabilityId" = caps."id"
      WHERE e."startedAt" > ${since} OR e."status" = 'outcome_unknown'
      GROUP BY caps."agentId"
    ), tests AS (
      SELECT caps."agentId",
             count(*) FILTER (WHERE latest."status" = 'passed' AND latest."startedAt" > ${sampleTestFreshSince(now)})::int AS "passing",
             count(*) FILTER (WHERE latest."status" = 'failed')::int AS "failing",
             count(*) FILTER (WHERE latest."status" IS NULL OR (latest."status" = 'passed' AND latest."startedAt" <= ${sampleTestFreshSince(now)}))::int AS "untested"
      FROM caps
      LEFT JOIN LATERAL (
        SELECT st."status", st."startedAt" FROM "SampleTest" st WHERE st."capabilityId" = caps."id" ORDER BY st."startedAt" DESC LIMIT 1
      ) latest ON true
      WHERE caps."hasExample"
      GROUP BY caps."agentId"
    )
    SELECT a."handle",
           coalesce(r."runs7d", 0) AS "runs7d", coalesce(r."succeeded7d", 0) AS "succeeded7d", coalesce(r."finished7d", 0) AS "finished7d",
           coalesce(r."unknownOutcomes", 0) AS "unknownOutcomes",
           coalesce(t."passing", 0) AS "passing", coalesce(t."failing", 0) AS "failing", coalesce(t."untested", 0) AS "untested"
    FROM agents a LEFT JOIN runs r ON r."agentId" = a."id" LEFT JOIN tests t ON t."agentId" = a."id"`;
  return new Map(
    z
      .array(row)
      .parse(rows)
      .map((r) => [
        r.handle,
        {
          runs7d: r.runs7d,
          successRate: successRate(r.succeeded7d, r.finished7d),
          sampleTests: { passing: r.passing, failing: r.failing, untested: r.untested },
          unknownOutcomes: r.unknownOutcomes,
        },
      ]),
  );
}

/** "12 runs in 7 days · 92% succeeded · sample tests: 3 passing, 1 failing · 1 unknown outcome waiting". */
export function agentStatsWords(stats: AgentStats): string[] {
  const words = [`${stats.runs7d.toLocaleString("en-US")} run${stats.runs7d === 1 ? "" : "s"} in 7 days`];
  if (stats.successRate !== null) words.push(`${Math.round(stats.successRate * 100)}% succeeded`);
  const { passing, failing, untested } = stats.sampleTests;
  const tests = [
    passing > 0 ? `${passing} passing` : null,
    failing > 0 ? `${failing} failing` : null,
    untested > 0 ? `${untested} not tested lately` : null,
  ].filter((t) => t !== null);
  if (tests.length > 0) words.push(`sample tests: ${tests.join(", ")}`);
  if (stats.unknownOutcomes > 0) words.push(`${stats.unknownOutcomes} unknown outcome${stats.unknownOutcomes === 1 ? "" : "s"} waiting`);
  return words;
}
