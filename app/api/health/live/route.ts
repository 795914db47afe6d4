// Liveness, for an orchestrator's restart decision: this process is up and its event loop answers. It asks
// nothing of the database, so a database outage never gets healthy instances restarted.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
