import { goneTargetOf } from "@/lib/model/addresses/gone";
import { handleFromParam } from "@/lib/model/addresses/paths";

// What a shareable answer shows, as the tags a shared cache forgets it by (Varnish's xkey header, a CDN's
// Surrogate-Key: docs/operations.md). Every answer carries ALL_TAG, so one purge forgets everything; every search
// and list carries LIST_TAG, since any listing written may enter or leave it; whatever is about one agent (its page,
// its services' pages, badges, share images and logos, its API reads) carries that agent's tag. The purger
// (lib/model/catalog/cache-purge.ts) turns a listing write into the same tags.

/** The response header that names an answer's tags (xkey's), removed by Varnish before it answers. */
export const CACHE_TAGS_HEADER = "xkey";
export const ALL_TAG = "explore";
export const LIST_TAG = "explore-list";

/** The tag of everything shown about the agent with this handle ("@name" or "name"). */
export function agentTag(handle: string): string {
  return `explore-agent-${handle.replace(/^@/, "")}`;
}

/** The tags of a GET answer for `pathname`. */
export function cacheTagsOf(pathname: string): string[] {
  if (pathname === "/" || pathname === "/api/v1/services" || pathname === "/sitemap.xml" || pathname === "/v0.1/servers") return [ALL_TAG, LIST_TAG];
  const server = registryServerHandleOf(pathname);
  if (server) return [ALL_TAG, agentTag(server)];
  const target = goneTargetOf(pathname);
  if (target) return [ALL_TAG, agentTag(target.handle)];
  const logo = /^\/logos\/([^/]+)\//.exec(pathname)?.[1];
  const logoHandle = logo === undefined ? null : handleFromParam(logo);
  if (logoHandle) return [ALL_TAG, agentTag(logoHandle)];
  return [ALL_TAG];
}

/**
 * The handle a MCP Registry API address is about (`/v0.1/servers/{namespace}%2F{name}/versions…`: lib/edges/registry-api),
 * or null. The namespace is not checked: an address of another namespace answers 404, which no cache keeps.
 */
function registryServerHandleOf(pathname: string): string | null {
  const name = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/[^/]+)?$/.exec(pathname)?.[1];
  if (name === undefined) return null;
  const last = name.replace(/%2f/gi, "/").split("/").at(-1) ?? "";
  return handleFromParam(last);
}

/**
 * The listing pages a signed-out visitor gets alike: the home and search page, agent pages and service pages
 * (whose handle may be one; a page for no agent is a 404, never shared).
 */
export function isShareablePage(pathname: string): boolean {
  if (pathname === "/") return true;
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] === "agents") return parts.length === 2 && goneTargetOf(pathname) !== null;
  if (parts[0] === "services") return parts.length === 3 && goneTargetOf(pathname) !== null;
  return false;
}

/**
 * How long a listing page is shared: a minute fresh (a purge ends it as soon as a listing shown changes; what no
 * write announces, such as run counts, is at most this old), then served for five more while it is made again.
 * Browsers keep nothing (max-age=0): a visitor who signs in sees their own page at once.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
