import { siteOrigin } from "@/lib/foundations/site/origin";

// A server's name in the MCP Registry's form: a reverse-DNS namespace, "/", a name (the server.json schema's
// pattern ^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$). Explore's namespace is its public host reversed
// (explore.example.com → com.example.explore), so the names are Explore's to give; each agent's name is its
// handle without "@" (handles are [a-z0-9-], which the pattern allows).

const HANDLE_NAME = /^[a-z0-9][a-z0-9-]{1,30}$/;

/** Explore's namespace: the host of its public origin, reversed (port dropped; anything the pattern refuses becomes "-"). */
export function registryNamespace(): string {
  const host = new URL(siteOrigin()).hostname.replace(/^\[|\]$/g, "");
  return host
    .split(".")
    .reverse()
    .join(".")
    .replace(/[^a-zA-Z0-9.-]/g, "-");
}

/** The server name of the agent with this handle ("@name"). */
export function serverNameOf(handle: string): string {
  return `${registryNamespace()}/${handle.replace(/^@/, "")}`;
}

/** The handle ("@name") a server name stands for, or null when it is not one of Explore's names. */
export function handleOfServerName(name: string): string | null {
  const prefix = `${registryNamespace()}/`;
  if (!name.startsWith(prefix)) return null;
  const rest = name.slice(prefix.length);
  return HANDLE_NAME.test(rest) ? `@${rest}` : null;
}

/**
 * A `[serverName]` route segment as the name it carries: clients send "com.example%2Fname". Next hands the segment
 * over decoded or not depending on the character, so it is decoded here once more when it still holds an escape.
 */
export function serverNameFromParam(param: string): string | null {
  if (!param.includes("%")) return param;
  try {
    return decodeURIComponent(param);
  } catch {
    return null;
  }
}
