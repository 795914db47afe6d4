import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { answerServerError } from "./server-error";
import { sharedCacheGeneration, withheldAnswers } from "./shared-cache-generation";

// A shared cache for what every signed-out visitor gets alike, in front of Next in the same process (what a
// CDN would do, so one machine serves the anonymous home page nearly as fast as a static file).
//
// What it stores, by construction rather than by recognising session cookies: answers rendered for plain GET
// requests that carry no cookie and no credentials at all, for the listing pages (the home and search page `/`,
// service and agent pages) and the public API. Whatever Auth.js accepts as a session, such a request has none, so
// its answer depends on the URL alone (the visibility rule for a signed-out viewer). A request with any cookie is
// never served a stored answer either: it may be signed in. Pages are offered to Next as shareable for a short
// time (`pageTtlMs`, as `Cache-Control: public, s-maxage`, which Next keeps unless it renders an error); every
// answer is then shared only for as long as its own Cache-Control says, never when it says private, no-store or
// no-cache, and only when it is a 200 without Set-Cookie. Client-side navigations (RSC requests) and server
// actions go straight to Next.
//
// Expiry: an expired answer is still served to everyone while its replacement renders in the background
// (stale-while-revalidate): the cache asks its own server for the URL again (`refresh`, a request carrying a
// per-process secret header), so no visitor waits on a render of a page that is already known. Concurrent
// first requests for a URL wait for one render. Listing writes bump a generation (shared-cache-generation.ts)
// and everything stored before is dropped; an answer made while a search withheld listings written a moment
// ago (the search index, until it has patched them in) is not stored.

export type SharedCacheOptions = {
  /** How long a page answer is shared. */
  pageTtlMs: number;
  /** How long after expiry a page answer may still be served while its replacement renders. */
  pageStaleMs: number;
  /** All stored bodies together. */
  maxBytes: number;
  /** Larger answers are not stored. */
  maxEntryBytes: number;
  /** Stale answers being replaced at once. */
  maxRefreshes: number;
  now?: () => number;
};

/** Asks the server for `url` again, as a request carrying `headers`; resolves when the answer is complete. */
export type Refresh = (url: string, headers: Record<string, string>) => Promise<void>;

/** The request header that marks the cache's own refresh requests (its value is a per-process secret). */
export const REFRESH_HEADER = "x-explore-cache-refresh";

export const defaultSharedCacheOptions: SharedCacheOptions = {
  pageTtlMs: 10_000,
  pageStaleMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  maxRefreshes: 2,
};

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | null;
  storedAt: number;
  expiresAt: number;
  staleUntil: number;
  generation: number;
  refreshing: boolean;
};

type Kind = "page" | "api";

type Captured = { status: number; headers: OutgoingHttpHeaders; body: Buffer } | null;

export type Pass = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/**
 * Request headers that may make an answer someone's own, or not a plain document: never shared. Any cookie at
 * all counts, whatever its name or spelling, since Auth.js reads sessions from more spellings than one.
 */
const PERSONAL_HEADERS = [REFRESH_HEADER, "cookie", "authorization", "proxy-authorization", "next-action", "range"];

/**
 * The headers of a client navigation (an RSC request: a <Link> click, a prefetch, search as you type). Next
 * answers them with a different payload for each combination (it says so in Vary), so each is part of the key,
 * and a background refresh sends them again. Without a cookie the payload is the signed-out one, like the page.
 */
const NAVIGATION_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"];

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/** The navigation headers a request carries, as sent again by a refresh. */
function navigationHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of NAVIGATION_HEADERS) if (req.headers[name] !== undefined) out[name] = headerText(req.headers[name]);
  return out;
}

function kindOf(pathname: string): Kind | null {
  if (pathname === "/" || pathname.startsWith("/services/") || pathname.startsWith("/agents/")) return "page";
  if (pathname.startsWith("/api/v1/")) return "api";
  return null;
}

/** The cache key for a request that may share an answer, or null. */
export function sharedKey(req: IncomingMessage): { key: string; kind: Kind } | null {
  if (req.method !== "GET" || req.url === undefined || !req.url.startsWith("/")) return null;
  for (const name of PERSONAL_HEADERS) if (req.headers[name] !== undefined) return null;
  const queryAt = req.url.indexOf("?");
  const pathname = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const kind = kindOf(pathname);
  if (kind === null) return null;
  // Answers differ by content coding (Next compresses for clients that accept it) and by navigation headers.
  const navigation = NAVIGATION_HEADERS.map((name) => headerText(req.headers[name])).join("\n");
  return { key: `${encodingKey(req.headers["accept-encoding"])}\n${navigation}\n${req.url}`, kind };
}

const CODINGS = new Set(["br", "gzip", "deflate", "zstd"]);

/** The content codings a request accepts, in one spelling ("identity" and unknown ones left out). */
function encodingKey(header: string | string[] | undefined): string {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const accepted = text
    .split(",")
    .map((part) => part.trim().toLowerCase().split(";"))
    .filter(([coding, ...params]) => coding !== undefined && CODINGS.has(coding) && !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
    .map(([coding]) => coding);
  return [...new Set(accepted)].sort().join(",");
}

function directive(cacheControl: string, name: string): number | null {
  const match = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, "i").exec(cacheControl);
  return match?.[1] === undefined ? null : Number(match[1]) * 1000;
}

/** What a page answer for a cookie-less request is offered to Next as: shared briefly, never kept by browsers. */
export function pageCacheControl(options: SharedCacheOptions): string {
  return `public, max-age=0, s-maxage=${Math.ceil(options.pageTtlMs / 1000)}, stale-while-revalidate=${Math.ceil(options.pageStaleMs / 1000)}`;
}

/** How long an answer may be shared ([fresh, stale] ms), by its own status and headers, or null when it must not be. */
function lifetime(captured: NonNullable<Captured>, options: SharedCacheOptions): [number, number] | null {
  if (captured.status !== 200 || captured.headers["set-cookie"] !== undefined) return null;
  if (captured.body.byteLength > options.maxEntryBytes) return null;
  const cacheControl = String(captured.headers["cache-control"] ?? "");
  if (/\b(?:no-store|private|no-cache)\b/i.test(cacheControl)) return null;
  const fresh = directive(cacheControl, "s-maxage") ?? directive(cacheControl, "max-age");
  if (fresh === null || fresh === 0) return null;
  return [fresh, directive(cacheControl, "stale-while-revalidate") ?? 0];
}

function lowerCaseHeaders(headers: unknown): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  if (Array.isArray(headers)) {
    // writeHead(status, ["name", "value", …]) or [[name, value], …]
    const flat: unknown[] = headers.flat();
    for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i]).toLowerCase()] = String(flat[i + 1]);
  } else if (typeof headers === "object" && headers !== null) {
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) out[name.toLowerCase()] = value as OutgoingHttpHeaders[string];
    }
  }
  return out;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return null;
}

/** Lets Next answer, keeping a copy of what it sends (up to `limit` bytes). */
function passAndCapture(req: IncomingMessage, res: ServerResponse, pass: Pass, limit: number): Promise<Captured> {
  return new Promise<Captured>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    let headArg: OutgoingHttpHeaders = {};
    const keep = (chunk: unknown, encoding: unknown) => {
      if (overflow) return;
      const buffer = toBuffer(chunk, encoding);
      if (buffer === null) return;
      size += buffer.byteLength;
      if (size > limit) {
        overflow = true;
        chunks.length = 0;
        return;
      }
      chunks.push(Buffer.from(buffer));
    };
    const { write, end, writeHead } = res;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const headers = args.find((a, i) => i > 0 && typeof a === "object" && a !== null);
      if (headers !== undefined) headArg = lowerCaseHeaders(headers);
      // Next replaces Vary on client navigations; a CDN further out must still keep this answer from a cookie.
      if (headArg.vary === undefined) {
        const vary = String(this.getHeader("vary") ?? "");
        if (!/\bcookie\b/i.test(vary)) this.setHeader("vary", vary === "" ? "Cookie, Authorization" : `${vary}, Cookie, Authorization`);
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse["write"];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse["end"];
    const done = (complete: boolean) => {
      if (!complete || overflow) return resolve(null);
      resolve({ status: res.statusCode, headers: { ...lowerCaseHeaders(res.getHeaders()), ...headArg }, body: Buffer.concat(chunks) });
    };
    res.once("finish", () => done(true));
    res.once("close", () => done(res.writableFinished));
    Promise.resolve()
      .then(() => pass(req, res))
      .catch((error: unknown) => {
        answerServerError(res, error);
        done(false);
      });
  });
}

function ifNoneMatchHits(req: IncomingMessage, etag: string | null): boolean {
  const header = req.headers["if-none-match"];
  if (etag === null || typeof header !== "string") return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag.replace(/^W\//, "");
  });
}

export type SharedCache = {
  handle(req: IncomingMessage, res: ServerResponse, pass: Pass): Promise<void>;
  /** Entries and bytes held (for tests and diagnostics). */
  size(): { entries: number; bytes: number };
};

export function createSharedCache(background: { refresh: Refresh; secret: string }, options: SharedCacheOptions = defaultSharedCacheOptions): SharedCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  }

  function store(key: string, entry: Entry): void {
    drop(key);
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    // Least recently used first: a hit moves its entry to the end.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse, entry: Entry, state: "hit" | "stale"): void {
    const headers: OutgoingHttpHeaders = {
      ...entry.headers,
      age: String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))),
      "x-explore-cache": state,
    };
    if (ifNoneMatchHits(req, entry.etag)) {
      delete headers["content-length"];
      delete headers["content-type"];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers["content-length"] = String(entry.body.byteLength);
    res.writeHead(entry.status, headers);
    res.end(entry.body);
  }

  async function fill(req: IncomingMessage, res: ServerResponse, pass: Pass, key: string, kind: Kind): Promise<Entry | null> {
    const [generation, withheld] = [sharedCacheGeneration(), withheldAnswers()];
    res.setHeader("x-explore-cache", "miss");
    // Shared caches further out (a CDN) must not give this answer to a request with a cookie either (the
    // capture adds it to Vary if Next's own Vary leaves it out).
    res.appendHeader("vary", "Cookie, Authorization");
    if (kind === "page") res.setHeader("cache-control", pageCacheControl(options));
    const captured = await passAndCapture(req, res, pass, options.maxEntryBytes);
    const life = captured === null ? null : lifetime(captured, options);
    if (captured === null || life === null) {
      // What was stored under this URL is no longer what it answers (a 404, an error, now private).
      drop(key);
      return null;
    }
    // A listing changed while this answer was being made: it may already be out of date. Or a search meanwhile
    // left out listings written a moment ago: this answer may be one of those.
    if (generation !== sharedCacheGeneration() || withheld !== withheldAnswers()) return null;
    const storedAt = now();
    const headers = { ...captured.headers };
    delete headers["x-explore-cache"];
    delete headers["transfer-encoding"];
    delete headers["connection"];
    delete headers["keep-alive"];
    const etag = typeof headers.etag === "string" ? headers.etag : null;
    const entry: Entry = { ...captured, headers, etag, storedAt, expiresAt: storedAt + life[0], staleUntil: storedAt + life[0] + life[1], generation, refreshing: false };
    store(key, entry);
    return entry;
  }

  /** The cache's own request for a stale entry's replacement: rendered and stored whatever is held. */
  function isRefresh(req: IncomingMessage): boolean {
    return req.headers[REFRESH_HEADER] === background.secret;
  }

  // Refreshes run a few at a time: when many answers expire together, their renders would otherwise all
  // take the CPU at once and delay every stored answer being served meanwhile.
  const waiting: (() => Promise<void>)[] = [];
  let refreshesRunning = 0;

  function runRefreshes(): void {
    while (refreshesRunning < options.maxRefreshes && waiting.length > 0) {
      const next = waiting.shift();
      if (!next) return;
      refreshesRunning += 1;
      void next().finally(() => {
        refreshesRunning -= 1;
        runRefreshes();
      });
    }
  }

  function refreshInBackground(req: IncomingMessage, stale: Entry): void {
    if (req.url === undefined) return;
    const url = req.url;
    stale.refreshing = true;
    // The same codings as the visitor's, so the answer lands under the same key ("identity": none at all).
    const codings = encodingKey(req.headers["accept-encoding"]);
    const headers: Record<string, string> = {
      ...navigationHeaders(req),
      [REFRESH_HEADER]: background.secret,
      "accept-encoding": codings === "" ? "identity" : codings,
    };
    waiting.push(() =>
      background
        .refresh(url, headers)
        .catch(() => undefined)
        .finally(() => {
          stale.refreshing = false;
        }),
    );
    runRefreshes();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, pass: Pass): Promise<void> {
    if (isRefresh(req)) {
      delete req.headers[REFRESH_HEADER];
      const shared = sharedKey(req);
      if (shared === null) return pass(req, res);
      await fill(req, res, pass, shared.key, shared.kind);
      return;
    }
    const shared = sharedKey(req);
    if (shared === null) return pass(req, res);
    const { key, kind } = shared;
    let entry = entries.get(key);
    if (entry && entry.generation !== sharedCacheGeneration()) {
      drop(key);
      entry = undefined;
    }
    const t = now();
    if (entry && t < entry.expiresAt) {
      entries.delete(key);
      entries.set(key, entry);
      return serve(req, res, entry, "hit");
    }
    if (entry && t < entry.staleUntil) {
      if (!entry.refreshing) refreshInBackground(req, entry);
      return serve(req, res, entry, "stale");
    }
    const pending = filling.get(key);
    if (pending) {
      const filled = await pending;
      if (filled && !res.headersSent) return serve(req, res, filled, "hit");
      return pass(req, res);
    }
    const promise = fill(req, res, pass, key, kind);
    filling.set(key, promise);
    try {
      await promise;
    } finally {
      filling.delete(key);
    }
  }

  return { handle, size: () => ({ entries: entries.size, bytes }) };
}
