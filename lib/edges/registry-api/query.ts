// The query parameters of the MCP Registry API (v0.1), read strictly: a value that is not what the API document
// describes is refused in words (400), never guessed at. Unknown parameters are ignored, as the official registry does.

export const DEFAULT_LIMIT = 30;
export const MAX_LIMIT = 100;
const MAX_SEARCH = 200;
const MAX_VERSION = 255;

export type ListQuery = {
  limit: number;
  /** The last handle of the page before (cursor), or null for the first page. */
  after: string | null;
  search: string | null;
  /** An exact version, or null for any ("latest": every server has one version, its latest). */
  version: string | null;
  updatedSince: Date | null;
  includeDeleted: boolean;
};

export type QueryResult<T> = { ok: true; value: T } | { ok: false; error: string };

const HANDLE = /^@[a-z0-9][a-z0-9-]{1,30}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** A cursor: the handle a page ended on, opaque to clients (base64url of a small JSON object). */
export function encodeCursor(handle: string): string {
  return Buffer.from(JSON.stringify({ after: handle })).toString("base64url");
}

export function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const after = typeof value === "object" && value !== null && "after" in value ? value.after : null;
    return typeof after === "string" && HANDLE.test(after) ? after : null;
  } catch {
    return null;
  }
}

/** An RFC 3339 date-time with its offset, as a Date; null when it is not one (or names no real moment). */
export function parseRfc3339(text: string): Date | null {
  if (!RFC3339.test(text)) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  // Date accepts 2025-02-30 by rolling over; an RFC 3339 reader does not.
  const [year, month, day] = text.slice(0, 10).split("-").map(Number);
  const calendar = new Date(Date.UTC(year!, month! - 1, day!));
  return calendar.getUTCMonth() === month! - 1 && calendar.getUTCDate() === day! ? date : null;
}

export function parseIncludeDeleted(params: URLSearchParams): QueryResult<boolean> {
  const text = params.get("include_deleted");
  if (text === null || text === "false") return { ok: true, value: false };
  if (text === "true") return { ok: true, value: true };
  return { ok: false, error: `include_deleted must be true or false, not "${clip(text)}".` };
}

export function parseListQuery(params: URLSearchParams): QueryResult<ListQuery> {
  const limitText = params.get("limit");
  let limit = DEFAULT_LIMIT;
  if (limitText !== null) {
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      return { ok: false, error: `limit must be a whole number from 1 to ${MAX_LIMIT}, not "${clip(limitText)}".` };
    }
    limit = Number(limitText);
  }
  const cursorText = params.get("cursor");
  let after: string | null = null;
  if (cursorText !== null && cursorText !== "") {
    after = decodeCursor(cursorText);
    if (after === null)
      return {
        ok: false,
        error: "cursor is not one this registry gave: pass metadata.nextCursor from the previous page as it is, or leave it out for the first page.",
      };
  }
  const search = params.get("search");
  if (search !== null && search.length > MAX_SEARCH) return { ok: false, error: `search is at most ${MAX_SEARCH} characters.` };
  const versionText = params.get("version");
  if (versionText !== null && (versionText === "" || versionText.length > MAX_VERSION)) {
    return { ok: false, error: `version must be "latest" or an exact version of at most ${MAX_VERSION} characters.` };
  }
  const sinceText = params.get("updated_since");
  let updatedSince: Date | null = null;
  if (sinceText !== null) {
    updatedSince = parseRfc3339(sinceText);
    if (updatedSince === null)
      return { ok: false, error: `updated_since must be an RFC 3339 date-time such as 2025-08-07T13:15:04.280Z, not "${clip(sinceText)}".` };
  }
  const includeDeleted = parseIncludeDeleted(params);
  if (!includeDeleted.ok) return includeDeleted;
  return {
    ok: true,
    value: {
      limit,
      after,
      search: search === null || search === "" ? null : search,
      version: versionText === null || versionText === "latest" ? null : versionText,
      updatedSince,
      // The API document: deleted servers are always included when updated_since is given.
      includeDeleted: includeDeleted.value || updatedSince !== null,
    },
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
