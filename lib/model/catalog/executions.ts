import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability } from "./read-model";

// What statements over executions (lib/domain/runs) need of the catalog. A run's checks and writes stay one
// statement each (a row lock, a cap or an ownership check must see the same snapshot as the write), so the catalog
// gives them SQL fragments over an execution aliased `e`, the way visibility.ts gives its rule. Its reads are the
// services a person ran, the row ids a list of runs filters executions by, and the names of a page of runs'
// services (one read per page).

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

const serviceRunSelect = { id: true, name: true, capabilityId: true, agent: { select: { handle: true } } } as const;

function byRowId(rows: ({ id: string } & ServiceRun)[]): Map<string, ServiceRun> {
  return new Map(rows.map(({ id, ...service }) => [id, service]));
}

/** The row of the service with this capability ID on the agent with this handle, whoever owns it and whatever its state, or null. */
export async function findServiceRowId(handle: string, capabilityId: string): Promise<Pick<CatalogCapability, "rowId"> | null> {
  const capability = await db.capability.findFirst({ where: { capabilityId, agent: { handle } }, select: { id: true } });
  return capability ? { rowId: capability.id } : null;
}

/** What a page of runs names: the services of these rows, by row id, in one read. A row no longer there is missing. */
export async function findServicesByRowIds(rowIds: readonly string[]): Promise<Map<string, ServiceRun>> {
  if (rowIds.length === 0) return new Map();
  return byRowId(await db.capability.findMany({ where: { id: { in: [...new Set(rowIds)] } }, select: serviceRunSelect }));
}

/**
 * The owner's external actions that escalate an unknown outcome to them (effects.escalate), by row id; only those of
 * one agent (and one of its services) when `only` says so.
 */
export async function findOwnedEscalatingServices(
  ownerId: string,
  only: { handle: string; capabilityId?: string | null } | null = null,
): Promise<Map<string, ServiceRun>> {
  const rows = await db.capability.findMany({
    where: {
      agent: { ownerId, ...(only ? { handle: only.handle } : {}) },
      ...(only?.capabilityId ? { capabilityId: only.capabilityId } : {}),
      class: "external_action",
      effects: { path: ["escalate"], equals: true },
    },
    select: serviceRunSelect,
  });
  return byRowId(rows);
}

/** The services this user ran that are still in the catalog, by name (at most `limit`). */
export async function findServicesRunBy(userId: string, limit: number): Promise<ServiceRun[]> {
  return db.capability.findMany({
    where: { executions: { some: { userId } } },
    select: { name: true, capabilityId: true, agent: { select: { handle: true } } },
    orderBy: { name: "asc" },
    take: limit,
  });
}
