import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findListingOfExecution } from "@/lib/model/catalog/queries";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import type { ExecutionStatus } from "./run-types";

// An execution of this viewer's, with its capability: ownership is part of the read's `where`.

export type OwnedExecution = {
  id: string;
  status: ExecutionStatus;
  dryRun: boolean;
  paid: boolean;
  finishedAt: Date | null;
  argumentsSha256: string;
  refreshesUsed: number;
  capability: CatalogCapability;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOwnedExecution(viewer: Viewer, executionId: string): Promise<OwnedExecution | null> {
  if (!UUID.test(executionId)) return null;
  const row = await db.execution.findFirst({
    where: { id: executionId, userId: viewer.id },
    select: {
      id: true,
      status: true,
      dryRun: true,
      paid: true,
      finishedAt: true,
      argumentsSha256: true,
      refreshesUsed: true,
      capabilityId: true,
    },
  });
  // An execution of a deleted agent has no capability left to run again or ask about.
  if (!row || row.capabilityId === null) return null;
  const { capabilityId, ...execution } = row;
  const capability = await findListingOfExecution(capabilityId);
  return capability ? { ...execution, capability } : null;
}
