import { servicePath } from "@/lib/model/addresses/paths";

export const MY_RUNS_PATH = "/runs";

/** The service page's Run panel: its section's anchor (components/listings/service-details.tsx). */
export const RUN_PANEL_FRAGMENT = "run";

/**
 * "Run again": Explore keeps no arguments (only their fingerprint), so the Run panel cannot be refilled
 * with the same inputs; it opens prefilled with the example, where the person enters theirs again.
 */
export function runAgainPath(handle: string, capabilityId: string): string {
  return `${servicePath(handle, capabilityId)}#${RUN_PANEL_FRAGMENT}`;
}
