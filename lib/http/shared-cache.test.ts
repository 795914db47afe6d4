import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSharedCache, REFRESH_HEADER, type SharedCache } from "./shared-cache";
import { answerWithheld, forgetSharedResponses } from "./shared-cache-generation";

// A real HTTP server with the cache in front of a stand-in for Next that counts what it renders.

const SECRET = "test-secret";
let clock = 0;
let renders = 0;
let refreshes = 0;
let cache: SharedCache;
let server: Server;
let origin = "";
/** Held renders: each resolves when the test releases it. */
let gate: Promise<void> | null = null;
/** Paths the stand-in answers 404 for from now on (a listing suspended after it was stored). */
let gone = new Set<string>();

/** Whether the stand-in treats a request as signed in (whatever cookie it carries: the most lenient reading). */
function signedIn(req: IncomingMessage): boolean {
  return req.headers.cookie !== undefined;
}

function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders += 1;
  const n = renders;
  const url = new URL(req.url ?? "/", "http://x");
  const answer = async () => {
    if (gate) await gate;
    if (url.searchParams.has("throw")) throw new Error("the handler failed");
    if (signedIn(req)) {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
      res.end(`<p>signed in as adult@example.com, 18+ shown, render ${n}</p>`);
    } else if (url.searchParams.has("missing") || gone.has(url.pathname)) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("not here");
    } else if (url.searchParams.has("cookie")) {
      res.setHeader("set-cookie", "a=1");
      res.end(`render ${n}`);
    } else if (url.pathname.startsWith("/api/v1/")) {
      const cacheControl = url.searchParams.get("cc") ?? "public, max-age=60";
      res.writeHead(200, { "content-type": "application/json", "cache-control": cacheControl, etag: `"v${n}"` });
      res.end(JSON.stringify({ render: n }));
    } else if (url.searchParams.has("big")) {
      res.end("x".repeat(2048));
    } else if (req.headers.rsc === "1") {
      // A client navigation's payload: it depends on the router headers, as Next's Vary says.
      res.setHeader("content-type", "text/x-component");
      res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
      res.end(`rsc prefetch=${String(req.headers["next-router-prefetch"] ?? "")} tree=${String(req.headers["next-router-state-tree"] ?? "")} render ${n}`);
    } else if (req.headers["accept-encoding"]?.includes("gzip")) {
      res.setHeader("content-encoding", "gzip");
      res.end(gzipSync(`render ${n}`));
    } else {
      // Streamed in pieces, as Next streams a page. Like Next, it keeps a Cache-Control set before it, unless
      // the page itself says it is private.
      res.setHeader("content-type", "text/html; charset=utf-8");
      if (url.searchParams.has("private") || !res.hasHeader("cache-control")) res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
      res.write("<p>render ");
      res.end(`${n}</p>`);
    }
  };
  return answer();
}

beforeAll(async () => {
  server = createServer((req, res) => void cache.handle(req, res, fakeNext));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  clock = 1_000_000;
  renders = 0;
  gate = null;
  refreshes = 0;
  gone = new Set();
  const refresh = async (url: string, headers: Record<string, string>) => {
    refreshes += 1;
    await (await fetch(`${origin}${url}`, { headers })).arrayBuffer();
  };
  cache = createSharedCache({ refresh, secret: SECRET }, { pageTtlMs: 10_000, pageStaleMs: 60_000, maxBytes: 4096, maxEntryBytes: 1024, maxRefreshes: 2, now: () => clock });
});

async function get(path: string, headers: Record<string, string> = {}) {
  // fetch asks for gzip unless told otherwise; plain is the default here, as for autocannon.
  const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: response.status, state: response.headers.get("x-explore-cache"), body: await response.text(), headers: response.headers };
}

describe("the shared cache for signed-out visitors", () => {
  it("renders a page once and serves the same bytes to the next visitor", async () => {
    const first = await get("/?q=weather");
    const second = await get("/?q=weather");
    expect(first).toMatchObject({ status: 200, state: "miss", body: "<p>render 1</p>" });
    expect(second).toMatchObject({ status: 200, state: "hit", body: "<p>render 1</p>" });
    // Shared caches may keep it briefly, browsers not at all, and never for a request with a cookie.
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(second.headers.get("vary")).toContain("Cookie, Authorization");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await get("/?q=other")).body).toBe("<p>render 2</p>");
    expect(renders).toBe(2);
  });

  it("never shares what a request with a cookie, credentials or a server action gets", async () => {
    await get("/");
    const personal: Record<string, string>[] = [
      { cookie: "theme=dark" },
      { cookie: "" },
      { rsc: "1", cookie: "authjs.session-token=tok" },
      { "next-action": "123" },
      { authorization: "Bearer x" },
      { "proxy-authorization": "Basic eA==" },
    ];
    for (const headers of personal) {
      expect((await get("/", headers)).state).toBeNull();
    }
    expect(renders).toBe(7);
    expect(await get("/")).toMatchObject({ state: "hit", body: "<p>render 1</p>" });
  });

  it("shares a signed-out client navigation, keyed by its router headers, and refreshes it with them", async () => {
    const page = await get("/services/@a/cap_x");
    const nav = { rsc: "1", "next-router-state-tree": "%5B%22%22%5D" };
    const first = await get("/services/@a/cap_x?_rsc=abc", nav);
    expect(first).toMatchObject({ state: "miss", body: "rsc prefetch= tree=%5B%22%22%5D render 2" });
    const hit = await get("/services/@a/cap_x?_rsc=abc", nav);
    expect(hit).toMatchObject({ state: "hit", body: first.body });
    // Next's own Vary on a navigation leaves the cookie out; it goes back in for caches further out.
    for (const answer of [first, hit]) expect(answer.headers.get("vary")).toMatch(/^rsc, .*Cookie, Authorization$/);
    // The HTML page and a prefetch of the same URL are other answers, never mixed up with it.
    expect(await get("/services/@a/cap_x")).toMatchObject({ state: "hit", body: page.body });
    const prefetch = await get("/services/@a/cap_x?_rsc=abc", { ...nav, "next-router-prefetch": "1" });
    expect(prefetch).toMatchObject({ state: "miss", body: "rsc prefetch=1 tree=%5B%22%22%5D render 3" });
    // Signed in, the same navigation is rendered for the viewer and never stored.
    expect((await get("/services/@a/cap_x?_rsc=abc", { ...nav, cookie: "authjs.session-token=tok" })).state).toBeNull();
    // Expired: served stale while a refresh re-renders it with the same router headers, under the same key.
    clock += 11_000;
    expect(await get("/services/@a/cap_x?_rsc=abc", nav)).toMatchObject({ state: "stale", body: first.body });
    await vi.waitFor(() => expect(refreshes).toBe(1));
    await vi.waitFor(async () => expect((await get("/services/@a/cap_x?_rsc=abc", nav)).body).toBe("rsc prefetch= tree=%5B%22%22%5D render 5"));
  });

  // Every spelling of a session cookie that Auth.js accepts, and a valid one among others.
  const sessionSpellings = [
    "authjs.session-token=tok",
    "authjs.session-token.a=tok",
    "authjs.session-token =tok",
    "authjs.session-token\t=tok",
    "authjs.session-tokenX=tok",
    "__Secure-authjs.session-token=tok",
    "__Host-authjs.session-token=tok",
    "authjs.session-token.0=to; authjs.session-token.1=k",
    "next-auth.session-token=tok",
    "theme=dark; authjs.session-token=tok",
    "authjs.session-token=tok; theme=dark",
    "authjs.session-token=tok; authjs.session-token=tok",
    "a=1;authjs.session-token=tok;b=2",
  ];

  it("never gives a signed-out visitor an answer rendered for a signed-in viewer, however the session cookie is spelled", async () => {
    const paths = ["/?q=wine", "/services/@cellar/cap_pair_wine", "/agents/@cellar", "/api/v1/services?q=wine"];
    for (const cookie of sessionSpellings) {
      for (const path of paths) {
        const signedInAnswer = await get(path, { cookie });
        expect(signedInAnswer.body).toContain("signed in");
        expect(signedInAnswer.state).toBeNull();
        // Signed-out visitors before and after, also while an expired copy is being replaced.
        for (let i = 0; i < 2; i += 1) expect((await get(path)).body).not.toContain("signed in");
        clock += 11_000;
        expect((await get(path)).body).not.toContain("signed in");
        await expect.poll(() => refreshes).toBeGreaterThan(0);
        expect((await get(path)).body).not.toContain("signed in");
      }
    }
    // Concurrently, signed in and signed out, on a URL nobody has asked for yet.
    const mixed = await Promise.all(sessionSpellings.flatMap((cookie) => [get("/?q=fresh", { cookie }), get("/?q=fresh")]));
    mixed.forEach((answer, i) => expect(answer.body.includes("signed in")).toBe(i % 2 === 0));
    expect((await get("/?q=fresh")).body).not.toContain("signed in");
  });

  it("does not store a page that says it is private", async () => {
    await get("/?private=1");
    expect((await get("/?private=1")).state).toBe("miss");
    expect(renders).toBe(2);
  });

  it("drops the stored copy when its refresh no longer answers 200", async () => {
    await get("/services/@a/cap_x");
    gone.add("/services/@a/cap_x");
    clock += 11_000;
    expect((await get("/services/@a/cap_x")).state).toBe("stale");
    await expect.poll(() => refreshes).toBe(1);
    await expect.poll(async () => (await get("/services/@a/cap_x")).status).toBe(404);
    expect((await get("/services/@a/cap_x")).state).toBe("miss");
  });

  it("shares only the listing pages and the public API, only 200 answers, never one that sets a cookie", async () => {
    for (const path of ["/settings", "/dashboard", "/sign-in", "/?missing=1", "/?cookie=1"]) {
      await get(path);
      expect((await get(path)).state).not.toBe("hit");
    }
    for (const path of ["/services/@a/cap_x", "/agents/@a", "/api/v1/services?q=x"]) {
      await get(path);
      expect((await get(path)).state).toBe("hit");
    }
  });

  it("answers 500 when the handler itself fails, and stores nothing", async () => {
    // The failure is logged as a JSON line on stderr.
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await get("/?throw=1")).toMatchObject({ status: 500, body: "Something went wrong." });
      expect((await get("/?throw=1")).status).toBe(500);
      expect(renders).toBe(2);
      expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({ level: "error", msg: "the request failed", error: { message: "the handler failed" } });
    } finally {
      logged.mockRestore();
    }
  });

  it("keeps API answers as long as their Cache-Control says, and not at all when it says no-store", async () => {
    await get("/api/v1/services?cc=public,+max-age=5");
    clock += 4_000;
    expect((await get("/api/v1/services?cc=public,+max-age=5")).state).toBe("hit");
    clock += 2_000;
    expect((await get("/api/v1/services?cc=public,+max-age=5")).state).toBe("miss");
    await get("/api/v1/services?cc=no-store");
    expect((await get("/api/v1/services?cc=no-store")).state).toBe("miss");
  });

  it("answers a matching If-None-Match with 304 from the stored ETag", async () => {
    const first = await get("/api/v1/services?q=a");
    const etag = first.headers.get("etag") ?? "";
    const again = await get("/api/v1/services?q=a", { "if-none-match": etag });
    expect(again).toMatchObject({ status: 304, state: "hit", body: "" });
    expect((await get("/api/v1/services?q=a", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("keeps compressed and plain answers apart", async () => {
    await get("/", { "accept-encoding": "gzip" });
    const plain = await get("/");
    expect(plain).toMatchObject({ state: "miss", body: "<p>render 2</p>" });
    const zipped = await get("/", { "accept-encoding": "gzip" });
    expect(zipped).toMatchObject({ state: "hit", body: "render 1" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
  });

  it("after expiry serves the old page to everyone while one refresh renders the new one in the background", async () => {
    await get("/");
    clock += 11_000;
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    // Nobody waits: the first visitor after expiry starts the refresh and gets the stale copy at once.
    const meanwhile = [await get("/"), await get("/"), await get("/")];
    expect(meanwhile.map((r) => [r.state, r.body])).toEqual(Array(3).fill(["stale", "<p>render 1</p>"]));
    await expect.poll(() => renders).toBe(2);
    expect(refreshes).toBe(1);
    release();
    await expect.poll(async () => (await get("/")).body).toBe("<p>render 2</p>");
    gate = null;
    expect(await get("/")).toMatchObject({ state: "hit", body: "<p>render 2</p>" });
    expect(renders).toBe(2);
    // Too old even to serve stale: rendered again before answering.
    clock += 10_000 + 60_000 + 1;
    expect(await get("/")).toMatchObject({ state: "miss", body: "<p>render 3</p>" });
  });

  it("replaces at most a few stale answers at once, the others when those are done", async () => {
    for (const q of ["a", "b", "c"]) await get(`/?q=${q}`);
    clock += 11_000;
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    for (const q of ["a", "b", "c"]) expect((await get(`/?q=${q}`)).state).toBe("stale");
    await expect.poll(() => renders).toBe(5);
    expect(refreshes).toBe(2);
    gate = null;
    release();
    await expect.poll(() => refreshes).toBe(3);
    await expect.poll(async () => (await get("/?q=c")).body).toBe("<p>render 6</p>");
  });

  it("refreshes a compressed answer under its own key", async () => {
    await get("/", { "accept-encoding": "gzip, deflate" });
    clock += 11_000;
    expect((await get("/", { "accept-encoding": "deflate, gzip" })).state).toBe("stale");
    await expect.poll(() => refreshes).toBe(1);
    await expect.poll(async () => (await get("/", { "accept-encoding": "gzip, deflate" })).body).toBe("render 2");
    // The plain answer was never stored: its first visitor renders it.
    expect((await get("/")).state).toBe("miss");
  });

  it("treats a refresh header without the secret as a request never to share", async () => {
    await get("/");
    expect((await get("/", { [REFRESH_HEADER]: "guess" })).state).toBeNull();
    expect(renders).toBe(2);
    expect((await get("/")).body).toBe("<p>render 1</p>");
  });

  it("lets concurrent first visitors of a page wait for one render", async () => {
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const visits = Promise.all([get("/?q=new"), get("/?q=new"), get("/?q=new")]);
    await expect.poll(() => renders).toBe(1);
    release();
    expect((await visits).map((r) => r.body)).toEqual(["<p>render 1</p>", "<p>render 1</p>", "<p>render 1</p>"]);
    expect(renders).toBe(1);
  });

  it("forgets everything when listings change, including a render that was under way", async () => {
    await get("/");
    forgetSharedResponses(null);
    expect(await get("/")).toMatchObject({ state: "miss", body: "<p>render 2</p>" });
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const during = get("/?q=during");
    await expect.poll(() => renders).toBe(3);
    forgetSharedResponses(null);
    release();
    await during;
    gate = null;
    expect((await get("/?q=during")).state).toBe("miss");
  });

  it("does not keep an answer made while a search withheld listings written a moment ago", async () => {
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const during = get("/?q=withheld");
    await expect.poll(() => renders).toBe(1);
    // The search index answered some search without the listings of a write it has not patched in yet.
    answerWithheld();
    release();
    expect(await during).toMatchObject({ state: "miss", body: "<p>render 1</p>" });
    gate = null;
    expect(await get("/?q=withheld")).toMatchObject({ state: "miss", body: "<p>render 2</p>" });
    expect(await get("/?q=withheld")).toMatchObject({ state: "hit", body: "<p>render 2</p>" });
  });

  it("stays within its byte budget, dropping the least recently used, and skips answers over the entry limit", async () => {
    await get("/?big=1");
    expect((await get("/?big=1")).state).toBe("miss");
    for (let i = 0; i < 400; i += 1) await get(`/?q=${i}`);
    const { bytes, entries } = cache.size();
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(entries).toBeGreaterThan(100);
    expect((await get("/?q=0")).state).toBe("miss");
    expect((await get("/?q=399")).state).toBe("hit");
  });
});
