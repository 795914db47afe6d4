import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/foundations/env";
import { oversizeAnswer, readBodyWithin } from "@/lib/foundations/http/body-limit";
import { isDecodablePath } from "@/lib/foundations/http/path-encoding";
import { refusal } from "@/lib/foundations/http/refusal";
import { isReadableRouterState } from "@/lib/foundations/http/router-state";
import { actionRequestKind, isDecodableAction, isSameOriginAction } from "@/lib/foundations/http/server-action-request";
import {
  commonSecurityHeaders,
  documentPolicy,
  isResourcePath,
  newNonce,
  RESOURCE_POLICY,
  type SecurityContext,
} from "@/lib/foundations/http/security-headers";
import { goneAnswer, goneTargetOf } from "@/lib/model/addresses/gone";
import { CACHE_TAGS_HEADER, cacheTagsOf, isShareablePage, SHARED_PAGE_CACHE_CONTROL } from "@/lib/model/addresses/cache-tags";
import { deletedAgentOn } from "@/lib/domain/agents/deleted-agents";
import { databaseOutage, outageAnswer } from "@/lib/foundations/db/outage";

// Security headers on every answer. A page's policy carries a nonce that Next reads from the request's
// Content-Security-Policy header and puts on each script it renders, so every page is rendered per request
// (they all are: the root layout reads the session).

const context: SecurityContext = {
  https: env.AUTH_URL?.startsWith("https:") ?? false,
  dev: env.NODE_ENV === "development",
  githubSignIn: Boolean(env.AUTH_GITHUB_ID),
};

function withSecurityHeaders(response: Response, policy: string): NextResponse {
  const answer = response instanceof NextResponse ? response : new NextResponse(response.body, response);
  answer.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders(context))) answer.headers.set(name, value);
  return answer;
}

// A deleted agent's public addresses answer 410 Gone (lib/model/addresses/gone.ts). Asked only of those paths, and
// answered from a set in memory (lib/domain/agents/deleted-agents.ts): an agent that exists costs no query.
async function goneResponse(request: NextRequest): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const target = goneTargetOf(request.nextUrl.pathname);
  if (!target) return null;
  const deletedAt = await deletedAgentOn(target.handle);
  if (!deletedAt) return null;
  const { body, contentType } = goneAnswer(target.handle, deletedAt, target.kind, request.nextUrl.pathname);
  const response = new Response(request.method === "HEAD" ? null : body, {
    status: 410,
    headers: { "content-type": contentType, "cache-control": "no-store" },
  });
  if (target.kind === "api") response.headers.set("access-control-allow-origin", "*");
  return response;
}

/**
 * Requests Next would answer with a bare 500 (or read past the body limit), refused here in words instead: a path
 * that does not percent-decode, a body over the limit whether or not it declares its length, a client navigation's
 * router state Next cannot parse, and a server action from another site or with arguments React cannot decode.
 */
async function refusalOf(request: NextRequest): Promise<Response | null> {
  const { pathname } = request.nextUrl;
  if (!isDecodablePath(pathname)) return refusal(pathname, 400, "This address is not valid: part of it is not properly percent-encoded.");
  const oversize = oversizeAnswer(pathname, Number(request.headers.get("content-length") ?? Number.NaN));
  if (oversize) return oversize;
  // Next holds a copy of the body for the proxy (next.config.mjs, proxyClientMaxBodySize) and gives the route the
  // rest only once it has all arrived, so counting a body without a length here costs no wait.
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (request.body && !request.headers.has("content-length")) {
    const read = await readBodyWithin(request);
    if (!read.ok) return read.response;
    body = read.bytes;
  }
  const tree = request.headers.get("next-router-state-tree");
  if (request.headers.get("rsc") === "1" && tree !== null && !isReadableRouterState(tree)) {
    return refusal(pathname, 400, "This page could not be opened from the one before: reload it.");
  }
  const action = isResourcePath(pathname) ? null : actionRequestKind(request.method, request.headers);
  if (!action) return null;
  if (!isSameOriginAction(request.headers))
    return refusal(pathname, 403, "Explore takes forms only from its own pages: open the page on Explore and send it from there.");
  if (!body) {
    const read = await readBodyWithin(request);
    if (!read.ok) return read.response;
    body = read.bytes;
  }
  if (!(await isDecodableAction(action, request.headers.get("content-type"), body))) {
    return refusal(pathname, 400, "This form could not be read: reload the page and send it again.");
  }
  return null;
}

/**
 * What a shared cache in front (Varnish: deploy/varnish) may do with the answer: the tags of what it shows, on every
 * read (the public API's handlers set their own: lib/edges/api/http.ts), and a listing page asked for without a cookie or
 * credentials offered as shareable. Set before Next renders, which keeps it on a page it renders (dynamic pages
 * otherwise get Next's `private, no-store`) and replaces it on an error or a 404. Varnish never stores an answer
 * to a request with a cookie or credentials, whatever it says.
 */
function sharedCacheHeaders(request: NextRequest, response: NextResponse): void {
  const { pathname } = request.nextUrl;
  if ((request.method !== "GET" && request.method !== "HEAD") || pathname.startsWith("/api/v1/")) return;
  response.headers.set(CACHE_TAGS_HEADER, cacheTagsOf(pathname).join(" "));
  const anonymous = !request.headers.has("cookie") && !request.headers.has("authorization") && !request.headers.has("proxy-authorization");
  if (anonymous && isShareablePage(pathname)) response.headers.set("cache-control", SHARED_PAGE_CACHE_CONTROL);
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const refused = await refusalOf(request);
  if (refused) return withSecurityHeaders(refused, RESOURCE_POLICY);
  const resource = isResourcePath(request.nextUrl.pathname);
  // Pages while PostgreSQL cannot be reached: 503 in words (route handlers answer theirs themselves).
  if (!resource && (await databaseOutage())) return withSecurityHeaders(outageAnswer(), RESOURCE_POLICY);
  const gone = await goneResponse(request);
  if (gone) return withSecurityHeaders(gone, RESOURCE_POLICY);
  const policy = resource ? RESOURCE_POLICY : documentPolicy(newNonce(), context);
  const requestHeaders = new Headers(request.headers);
  if (!resource) requestHeaders.set("content-security-policy", policy);
  const response = withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), policy);
  sharedCacheHeaders(request, response);
  return response;
}

export const config = {
  // Built assets are immutable files with their own content types; everything else gets the headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
