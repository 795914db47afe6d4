import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability } from "./read-model";

// What statements over executions (lib/domain/runs) need of the catalog. A run's checks and writes stay one
// statement each (a row lock, a cap or an ownership check must see the same snapshot as the write), so the catalog
// gives them SQL fragments over an execution aliased `e`, the way visibility.ts gives its rule, and reads the
// services a person ran.

function ident(alias: string): Prisma.Sql {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`executions: bad alias ${alias}`);
  return Prisma.raw(alias);
}

/**
 * SQL: what the token's runs of plans billed per call by the provider cost since `since` (USD, numeric): paid runs
 * not paid from an entitlement, dry runs aside, each at its plan's price.
 */
export function tokenPerCallSpendSql(tokenId: string, since: Date): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(sum(p."priceUsd"), 0) FROM "Execution" e
               JOIN "Plan" p ON p."capabilityId" = e."capabilityId" AND p."planId" = e."planId" AND p."type" = 'per_call'
               WHERE e."apiTokenId" = ${tokenId} AND e."startedAt" > ${since} AND e."paid" AND e."entitlementId" IS NULL AND NOT e."dryRun")`;
}

/**
 * SQL: the execution aliased `e` started longer ago than its capability's call deadline (its maxDurationSeconds, 60 s
 * when it states none) and `graceSeconds` more, at `now`. False when its capability is gone.
 */
export function pastCallDeadlineSql(now: Date, graceSeconds: number, e = "e"): Prisma.Sql {
  const execution = ident(e);
  return Prisma.sql`EXISTS (SELECT 1 FROM "Capability" c WHERE c."id" = ${execution}."capabilityId"
      AND ${execution}."startedAt" + make_interval(secs => coalesce(c."maxDurationSeconds", 60) + ${graceSeconds}) < ${now})`;
}

/** SQL: the execution aliased `e` is of a capability of an agent this user owns. */
export function executionOwnedBySql(ownerId: string, e = "e"): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
      WHERE c."id" = ${ident(e)}."capabilityId" AND a."ownerId" = ${ownerId})`;
}

export type ServiceRun = Pick<CatalogCapability, "name" | "capabilityId"> & { agent: Pick<CatalogAgent, "handle"> };

/** The services this user ran that are still in the catalog, by name (at most `limit`). */
export async function findServicesRunBy(userId: string, limit: number): Promise<ServiceRun[]> {
  return db.capability.findMany({
    where: { executions: { some: { userId } } },
    select: { name: true, capabilityId: true, agent: { select: { handle: true } } },
    orderBy: { name: "asc" },
    take: limit,
  });
}
