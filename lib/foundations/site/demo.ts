import "server-only";
import { env } from "@/lib/foundations/env";

/**
 * Whether this instance runs the demo network: loopback adapters are allowed only for `npm start`'s demo and
 * the tests (lib/foundations/env.ts refuses the switch in production), so the footer's pages can say so honestly.
 */
export function isDemoNetwork(): boolean {
  return env.EXPLORE_ALLOW_LOOPBACK_ADAPTERS;
}
