import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/foundations/env";

// The consumer ID an adapter sees in `_meta`: stable per (user, agent), pseudonymous, and different for
// each agent so two publishers cannot join their records. Never the email or the internal user ID.

// env.ts refuses to serve production without AUTH_SECRET; development and tests run without one.
const DEVELOPMENT_SECRET = "explore-development-secret-not-for-production-use";

export function consumerIdFor(userId: string, agentHandle: string): string {
  const mac = createHmac("sha256", env.AUTH_SECRET ?? DEVELOPMENT_SECRET)
    .update(`consumer-id:${userId}:${agentHandle}`)
    .digest("base64url");
  return `csm_${mac.slice(0, 32)}`;
}
