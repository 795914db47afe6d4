import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { executionOwnedBySql } from "@/lib/model/catalog/executions";

// "Mark resolved": the publisher settled an unknown outcome by hand (looked it up in their adapter's records).
// Only the owner of the execution's agent may, only for an outcome still unknown; once is enough (a second
// click changes nothing). The execution record itself is never rewritten.

export async function resolveUnknownOutcome(viewer: Viewer, executionId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  // One statement: the ownership check is the INSERT's own WHERE.
  await db.$executeRaw`
    INSERT INTO "UnknownOutcomeResolution" ("executionId")
    SELECT e."id" FROM "Execution" e
    WHERE e."id" = ${executionId}::uuid AND e."status" = 'outcome_unknown' AND ${executionOwnedBySql(viewer.id)}
    ON CONFLICT ("executionId") DO NOTHING`;
  // Resolved now or before, and theirs: the ownership check is again the statement's own.
  const resolved = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "UnknownOutcomeResolution" r JOIN "Execution" e ON e."id" = r."executionId"
    WHERE r."executionId" = ${executionId}::uuid AND ${executionOwnedBySql(viewer.id)}`;
  return resolved.length > 0 ? { ok: true } : { ok: false, message: "None of your services has an unknown outcome with this execution ID." };
}
