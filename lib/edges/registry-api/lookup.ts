import "server-only";
import { handleOfServerName, serverNameFromParam } from "./names";
import { parseIncludeDeleted } from "./query";
import { findServer, type ServerResponse } from "./servers";

// The detail routes' shared steps: the `[serverName]` segment to a server, then a version of it.

export type Found = { ok: true; server: ServerResponse } | { ok: false; status: 400 | 404; error: string };

export async function findServerByParam(param: string, params: URLSearchParams): Promise<Found> {
  const includeDeleted = parseIncludeDeleted(params);
  if (!includeDeleted.ok) return { ok: false, status: 400, error: includeDeleted.error };
  const name = serverNameFromParam(param);
  if (name === null) return { ok: false, status: 400, error: 'The server name is not properly percent-encoded: write its "/" as %2F.' };
  const handle = handleOfServerName(name);
  const server = handle === null ? null : await findServer(handle, includeDeleted.value);
  if (!server) return { ok: false, status: 404, error: `Server not found: this registry has no server named ${name}.` };
  return { ok: true, server };
}

/** The version asked for (`latest`, or the server's one version, exact), or why there is none. */
export function findVersion(server: ServerResponse, param: string): Found {
  let version: string;
  try {
    version = decodeURIComponent(param);
  } catch {
    return { ok: false, status: 400, error: "The version is not properly percent-encoded." };
  }
  if (version === "latest" || version === server.server.version) return { ok: true, server };
  return { ok: false, status: 404, error: `Server version not found: ${server.server.name} has version ${server.server.version} only (or ask for latest).` };
}
