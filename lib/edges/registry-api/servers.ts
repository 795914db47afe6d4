import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { findRegistryServerRows, type RegistryServerRow } from "@/lib/model/catalog/registry-server-reads";
import { agentPath } from "@/lib/model/addresses/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { encodeCursor, type ListQuery } from "./query";
import { registryNamespace, serverNameOf } from "./names";

// The MCP Registry API's answers over Explore's agents (docs/api.md "MCP Registry API"). One server per agent a
// signed-out visitor sees, read from RegistryServer joined to the agent, and judged again through the visibility
// rule (lib/model/catalog/registry-server-reads.ts): a row the last write left "served" whose agent a signed-out
// visitor cannot see now answers as deleted, so nothing is ever detailed on the record's word alone. Each server has
// one version, its current one: earlier versions of an agent may hold what is no longer public, so they are not served.

export const SERVER_SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
export const OFFICIAL_META = "io.modelcontextprotocol.registry/official";
/** The description of a server that is no longer served (the schema requires one); it says nothing of the agent. */
export const DELETED_DESCRIPTION = "No longer listed on Explore.";
/** The schema's maximum lengths of `description` and `title`. */
const MAX_TEXT = 100;

export type ServerJson = {
  $schema: string;
  name: string;
  description: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  remotes?: {
    type: "streamable-http";
    url: string;
    headers: {
      name: string;
      description: string;
      isRequired: boolean;
      isSecret: boolean;
      value: string;
      variables: Record<string, { description: string; isRequired: boolean; isSecret: boolean }>;
    }[];
  }[];
};

export type ServerResponse = {
  server: ServerJson;
  _meta: {
    [OFFICIAL_META]: { status: "active" | "deleted"; publishedAt: string; updatedAt: string; statusChangedAt?: string; isLatest: true };
  };
};

export type ServerList = { servers: ServerResponse[]; metadata: { count: number; nextCursor?: string } };

/** GET /v0.1/servers: ordered by name (the handle), so a page's cursor is the last handle it held. */
export async function listServers(query: ListQuery): Promise<ServerList> {
  const where: Prisma.Sql[] = [];
  if (query.after !== null) where.push(Prisma.sql`r."handle" COLLATE "C" > ${query.after}`);
  if (query.updatedSince !== null) where.push(Prisma.sql`r."updatedAt" >= ${query.updatedSince}`);
  if (query.version !== null) where.push(Prisma.sql`r."version" = ${query.version}`);
  if (query.search !== null) {
    where.push(Prisma.sql`strpos(lower(${`${registryNamespace()}/`} || substr(r."handle", 2)), lower(${query.search})) > 0`);
  }
  const rows = await findRegistryServerRows({ visibleOnly: !query.includeDeleted, where }, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    servers: page.map(responseOf),
    metadata: { count: page.length, ...(rows.length > query.limit && last ? { nextCursor: encodeCursor(last.handle) } : {}) },
  };
}

/**
 * The one version of the server for this handle, or null when there is none to show: never served, or deleted and
 * not asked for with include_deleted.
 */
export async function findServer(handle: string, includeDeleted: boolean): Promise<ServerResponse | null> {
  const [row] = await findRegistryServerRows({ visibleOnly: false, where: [Prisma.sql`r."handle" = ${handle}`] }, 1);
  if (!row || (!row.visible && !includeDeleted)) return null;
  return responseOf(row);
}

function responseOf(row: RegistryServerRow): ServerResponse {
  const name = serverNameOf(row.handle);
  const times = { publishedAt: row.publishedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  if (!row.visible || row.displayName === null || row.purpose === null) {
    return {
      server: { $schema: SERVER_SCHEMA_URL, name, description: DELETED_DESCRIPTION, version: row.version },
      _meta: { [OFFICIAL_META]: { status: "deleted", ...times, statusChangedAt: (row.deletedAt ?? row.updatedAt).toISOString(), isLatest: true } },
    };
  }
  return {
    server: {
      $schema: SERVER_SCHEMA_URL,
      name,
      title: clipText(row.displayName),
      description: clipText(row.purpose),
      version: row.version,
      websiteUrl: absoluteUrl(agentPath(row.handle)),
      remotes: [
        {
          type: "streamable-http",
          url: absoluteUrl(`/mcp/agents/${row.handle}`),
          headers: [
            {
              name: "Authorization",
              description: "Your personal API token from Explore, as a bearer token: it runs services as you, within what you allowed it.",
              isRequired: true,
              isSecret: true,
              value: "Bearer {explore_api_token}",
              variables: {
                explore_api_token: { description: `A personal API token, made at ${absoluteUrl("/settings")}`, isRequired: true, isSecret: true },
              },
            },
          ],
        },
      ],
    },
    _meta: { [OFFICIAL_META]: { status: "active", ...times, isLatest: true } },
  };
}

/** Text within the schema's 100 characters, cut at a word with "…" when longer; never empty. */
export function clipText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length === 0) return "An agent on Explore.";
  const chars = Array.from(flat);
  if (chars.length <= MAX_TEXT) return flat;
  const cut = chars.slice(0, MAX_TEXT - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${atWord.length >= MAX_TEXT / 2 ? atWord : cut}…`;
}
