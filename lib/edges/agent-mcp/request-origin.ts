import { env, productionDeployment } from "@/lib/foundations/env";
import { siteOrigin } from "@/lib/foundations/site/origin";

// Which hosts /mcp answers for (MCP transports: a server MUST validate Origin, against DNS rebinding): the host
// of Explore's public origin, those of EXPLORE_MCP_ALLOWED_ORIGINS, and loopback names outside production.
// Hosts are compared without their ports.

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

export type HostConfig = { siteOrigin: string; allowedOrigins: readonly string[]; production: boolean };

function configured(): HostConfig {
  return { siteOrigin: siteOrigin(), allowedOrigins: env.EXPLORE_MCP_ALLOWED_ORIGINS, production: productionDeployment(env) };
}

/** The host names /mcp answers for. */
export function allowedHostnames(config: HostConfig = configured()): Set<string> {
  const names = [config.siteOrigin, ...config.allowedOrigins].flatMap((origin) => (URL.canParse(origin) ? [new URL(origin).hostname] : []));
  return new Set([...names, ...(config.production ? [] : LOOPBACK)]);
}

// A Host header is a name or an IP literal and an optional port, nothing else (no user info, no path).
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function hostnameOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).hostname : null;
}

/**
 * Whether a request is for a host /mcp does not answer for, or comes from a web page of another site: its Host
 * (or, without one, its URL's host) or its Origin, when it has one, names a host outside the allow-list.
 * Agents that are not browsers send no Origin and are judged by Host alone.
 */
export function isForeignRequest(request: Request, allowed: ReadonlySet<string> = allowedHostnames()): boolean {
  const host = request.headers.get("host");
  const hostname = host === null ? hostnameOf(request.url) : HOST_HEADER.test(host) ? hostnameOf(`http://${host}`) : null;
  if (hostname === null || !allowed.has(hostname)) return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  const originHost = hostnameOf(origin);
  return originHost === null || !allowed.has(originHost);
}
