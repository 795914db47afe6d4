import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { oversizeAnswer } from "@/lib/http/body-limit";
import { commonSecurityHeaders, documentPolicy, isResourcePath, newNonce, RESOURCE_POLICY, type SecurityContext } from "@/lib/http/security-headers";
import { goneAnswer, goneTargetOf } from "@/lib/agents/gone";
import { deletedAgentOn } from "@/lib/agents/deleted-agents";

// Security headers on every answer. A page's policy carries a nonce that Next reads from the request's
// Content-Security-Policy header and puts on each script it renders, so every page is rendered per request
// (they all are: the root layout reads the session).

const context: SecurityContext = {
  https: env.AUTH_URL?.startsWith("https:") ?? false,
  dev: env.NODE_ENV === "development",
  githubSignIn: Boolean(env.AUTH_GITHUB_ID),
};

// A deleted agent's public addresses answer 410 Gone (lib/agents/gone.ts). Asked only of those paths, and
// answered from a set in memory (lib/agents/deleted-agents.ts): an agent that exists costs no query.
async function goneResponse(request: NextRequest): Promise<NextResponse | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const target = goneTargetOf(request.nextUrl.pathname);
  if (!target) return null;
  const deletedAt = await deletedAgentOn(target.handle);
  if (!deletedAt) return null;
  const { body, contentType } = goneAnswer(target.handle, deletedAt, target.kind, request.nextUrl.pathname);
  const response = new NextResponse(request.method === "HEAD" ? null : body, { status: 410, headers: { "content-type": contentType, "cache-control": "no-store" } });
  if (target.kind === "api") response.headers.set("access-control-allow-origin", "*");
  response.headers.set("content-security-policy", RESOURCE_POLICY);
  for (const [name, value] of Object.entries(commonSecurityHeaders(context))) response.headers.set(name, value);
  return response;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const gone = await goneResponse(request);
  if (gone) return gone;
  const resource = isResourcePath(request.nextUrl.pathname);
  const declared = request.headers.get("content-length");
  const oversize = declared === null ? null : oversizeAnswer(request.nextUrl.pathname, Number(declared));
  if (oversize) {
    const response = new NextResponse(oversize.body, { status: oversize.status, headers: oversize.headers });
    response.headers.set("content-security-policy", RESOURCE_POLICY);
    for (const [name, value] of Object.entries(commonSecurityHeaders(context))) response.headers.set(name, value);
    return response;
  }
  const policy = resource ? RESOURCE_POLICY : documentPolicy(newNonce(), context);
  const requestHeaders = new Headers(request.headers);
  if (!resource) requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders(context))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Built assets are immutable files with their own content types; everything else gets the headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
