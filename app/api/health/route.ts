import { healthResponse } from "@/lib/edges/operations/health";

// The readiness check under its first address (/api/health/ready is the same; /api/health/live the liveness).
export async function GET(): Promise<Response> {
  return healthResponse();
}
