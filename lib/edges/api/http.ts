import "server-only";
import { createHash } from "node:crypto";
import { clientAddress } from "@/lib/foundations/http/client-address";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import type { ParamError, Problem } from "./schemas";
import { log } from "@/lib/foundations/log";
import { CACHE_TAGS_HEADER, cacheTagsOf } from "@/lib/model/addresses/cache-tags";
import { withheldAnswers } from "@/lib/model/catalog/listing-changes";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_PROBLEM,
  databaseUnavailableHeaders,
  isDatabaseUnavailable,
} from "@/lib/foundations/db/unavailable";

// HTTP for the public API: JSON with an ETag and a short public cache (answers are the same for
// everyone: the API reads as a signed-out visitor) tagged with what it shows (lib/model/addresses/cache-tags.ts), errors as
// RFC 9457 problem details, CORS for GET, and a rate limit per client address.

const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match",
  "Access-Control-Expose-Headers": "ETag, Retry-After",
  "Access-Control-Max-Age": "86400",
};

function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/** A JSON answer, or 304 when the client already holds it. */
export function jsonResponse(request: Request, data: unknown, contentType = "application/json"): Response {
  const body = JSON.stringify(data);
  const etag = etagOf(body);
  const tags = cacheTagsOf(new URL(request.url).pathname).join(" ");
  const headers = { ...corsHeaders, ETag: etag, "Cache-Control": CACHE_CONTROL, Vary: "Accept-Encoding", [CACHE_TAGS_HEADER]: tags };
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, "Content-Type": `${contentType}; charset=utf-8` } });
}

const problemTypes: Record<number, { type: string; title: string }> = {
  400: { type: "urn:explore:problem:invalid-parameter", title: "Invalid parameter" },
  401: { type: "urn:explore:problem:unauthorized", title: "Unauthorized" },
  404: { type: "urn:explore:problem:not-found", title: "Not found" },
  405: { type: "urn:explore:problem:method-not-allowed", title: "Method not allowed" },
  409: { type: "urn:explore:problem:conflict", title: "Conflict" },
  422: { type: "urn:explore:problem:unprocessable", title: "Unprocessable" },
  429: { type: "urn:explore:problem:too-many-requests", title: "Too many requests" },
  500: { type: "urn:explore:problem:internal", title: "Something went wrong" },
  503: DATABASE_UNAVAILABLE_PROBLEM,
};

export function problemResponse(
  request: Request,
  status: 400 | 401 | 404 | 405 | 409 | 422 | 429 | 500 | 503,
  detail: string,
  errors?: ParamError[],
  extraHeaders: Record<string, string> = {},
): Response {
  const { type, title } = problemTypes[status] ?? { type: "about:blank", title: "Error" };
  const problem: Problem = { type, title, status, detail, instance: new URL(request.url).pathname, ...(errors ? { errors } : {}) };
  // Errors are not cached publicly: a fix (a new listing, a deploy) should show at once.
  return new Response(JSON.stringify(problem), {
    status,
    headers: { ...corsHeaders, ...extraHeaders, "Content-Type": "application/problem+json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function invalidParameters(request: Request, errors: ParamError[]): Response {
  const detail = errors.map((e) => `${e.parameter}: ${e.message}`).join("; ");
  return problemResponse(request, 400, detail, errors);
}

export function optionsResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

/**
 * Runs a handler once the client is within its rate limit (else 429 with Retry-After); an unreachable database
 * becomes a 503 problem with Retry-After, a bug a 500 problem without detail (never a stack). Answers within the limit carry no per-client headers: Explore's
 * HTTP cache in front (deploy/varnish) hands a 200 to every client alike.
 */
export async function handle(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    const limit = await consume("api", clientAddress(request.headers));
    if (!limit.ok) return problemResponse(request, 429, limit.message, undefined, { "Retry-After": String(limit.retryAfterSeconds) });
    const withheld = withheldAnswers();
    const response = await run();
    // Search answered (here or in a request alongside) while listings written a moment ago were withheld: the
    // answer may lack them, so the HTTP cache in front must not keep it.
    if (withheldAnswers() !== withheld && /\bpublic\b/.test(response.headers.get("cache-control") ?? "")) response.headers.set("Cache-Control", "no-store");
    return response;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn("api/v1: the database cannot be reached", { error });
      return problemResponse(request, 503, DATABASE_UNAVAILABLE_MESSAGE, undefined, databaseUnavailableHeaders());
    }
    log.error("api/v1: the request failed", { error });
    return problemResponse(request, 500, "The request could not be answered just now; try again later.");
  }
}
