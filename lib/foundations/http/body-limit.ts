import { formatBytes } from "@/lib/foundations/words/bytes";
import { readCapped } from "./read-capped";
import { refusal } from "./refusal";

// The largest request body Explore reads: an import form carries at most a 512 KB text and a 512 KB file
// (next.config.mjs lets server actions take the same 2 MB). A larger declared body is answered by proxy.ts
// before anything reads it, in words (problem+json on the API), rather than by Next's error page; a body that
// declares no length (chunked) is counted as it is read, by readBodyWithin: in proxy.ts for every route, and
// again in each route handler that reads one.
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

function tooLarge(pathname: string, size: string, limit: number): Response {
  return refusal(pathname, 413, `The request is ${size}; Explore accepts at most ${formatBytes(limit)}. Nothing was saved.`);
}

/** The 413 for a body of `bytes`, or null when it is within `limit`. */
export function oversizeAnswer(pathname: string, bytes: number, limit = MAX_BODY_BYTES): Response | null {
  if (!Number.isFinite(bytes) || bytes <= limit) return null;
  return tooLarge(pathname, formatBytes(bytes), limit);
}

export type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; response: Response };

/**
 * Reads a request's body, stopping at the first byte past `limit` whatever the request declared: the answer is
 * then the 413 in words and the rest of the body is never read.
 */
export async function readBodyWithin(request: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const pathname = new URL(request.url).pathname;
  const declared = oversizeAnswer(pathname, Number(request.headers.get("content-length") ?? Number.NaN), limit);
  if (declared) return { ok: false, response: declared };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const read = await readCapped(request.body, limit);
  if (read.over) return { ok: false, response: tooLarge(pathname, `more than ${formatBytes(limit)}`, limit) };
  return { ok: true, bytes: read.bytes };
}
