import { healthResponse } from "@/lib/edges/operations/health";

// Readiness, for a load balancer or an orchestrator's routing decision: 200 when this instance can serve
// (database reachable, migrations current), 503 when it cannot (and why).
export async function GET(): Promise<Response> {
  return healthResponse();
}
