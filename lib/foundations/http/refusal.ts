// A request refused before anything acts on it, in words: RFC 9457 problem details on the API (the shape of
// lib/edges/api/http.ts's errors), a plain sentence everywhere else. Never stored by a cache: the next request may differ.

export type RefusalStatus = 400 | 403 | 413;

const problems: Record<RefusalStatus, { type: string; title: string }> = {
  // Under /api/ only a path parameter that does not decode is refused with 400: the API's own type for it.
  400: { type: "urn:explore:problem:invalid-parameter", title: "Invalid parameter" },
  403: { type: "urn:explore:problem:forbidden", title: "Forbidden" },
  413: { type: "urn:explore:problem:too-large", title: "Request body too large" },
};

export function refusal(pathname: string, status: RefusalStatus, detail: string): Response {
  const headers = { "cache-control": "no-store" };
  if (pathname.startsWith("/api/")) {
    return Response.json({ ...problems[status], status, detail }, { status, headers: { ...headers, "content-type": "application/problem+json" } });
  }
  return new Response(detail, { status, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
}
