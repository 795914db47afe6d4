import { formatBytes } from "@/lib/agent-file/file-size";

// The largest request body Explore reads: an import form carries at most a 512 KB text and a 512 KB file
// (next.config.mjs lets server actions take the same 2 MB). A larger declared body is answered by proxy.ts
// before anything reads it, in words (problem+json on the API), rather than by Next's error page.
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The 413 for a body of `bytes`, or null when it is within the limit. */
export function oversizeAnswer(pathname: string, bytes: number): Response | null {
  if (!Number.isFinite(bytes) || bytes <= MAX_BODY_BYTES) return null;
  const detail = `The request is ${formatBytes(bytes)}; Explore accepts at most ${formatBytes(MAX_BODY_BYTES)}. Nothing was saved.`;
  if (pathname.startsWith("/api/")) {
    return Response.json(
      { type: "urn:explore:problem:too-large", title: "Request body too large", status: 413, detail },
      { status: 413, headers: { "content-type": "application/problem+json" } },
    );
  }
  return new Response(detail, { status: 413, headers: { "content-type": "text/plain; charset=utf-8" } });
}
