import "server-only";
import { corsHeaders } from "@/lib/edges/api/http";

// The MCP Registry API's errors take the API document's shape, `{ "error": "…" }`, in words a person can act on.
// Everything else — JSON with an ETag and the public cache, tags for purges, CORS, the rate limit, 503 while the
// database is out — is the public API's (lib/edges/api/http.ts), which the routes share.

export function registryError(status: 400 | 404, error: string): Response {
  // Not offered to the HTTP cache: a server published a moment later must not stay "not found".
  return Response.json({ error }, { status, headers: { ...corsHeaders, "Cache-Control": "no-store" } });
}
