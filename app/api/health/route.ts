import { checkHealth } from "@/lib/operations/health";

// For load balancers and orchestrators: 200 when this instance can serve, 503 when it cannot (and why).
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
