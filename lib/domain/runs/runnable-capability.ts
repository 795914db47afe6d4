import "server-only";
import { isSuspended, type CatalogCapability } from "@/lib/model/catalog/read-model";
import type { NotRunnable } from "./run-types";

// Whether a listing can be run at all, whatever plan: the Run panel and the run action both come through
// here, and both read the listing from the catalog through THE visibility rule. Plans are lib/domain/runs/run-plans.ts.

/** The checks that do not depend on the person's plans: suspended, published, offered, endpoint known. */
export function staticBlock(capability: CatalogCapability, viewerId: string | null): NotRunnable | null {
  if (isSuspended(capability)) return { reason: "suspended" };
  // Administrators may see an unpublished listing to judge reports; only its publisher runs it.
  if (capability.agent.status === "unpublished" && capability.agent.ownerId !== viewerId) return { reason: "unpublished" };
  if (!capability.offered || !capability.listed) return { reason: "not_offered" };
  if (capability.agent.endpointPending) return { reason: "endpoint_pending" };
  return null;
}
