import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { once } from "node:events";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startVarnish, type RunningVarnish } from "@/scripts/lib/varnish";

// Each rule of deploy/varnish/explore.vcl, proven against a real varnishd (through deploy/varnish.sh) in front of
// a loopback backend that counts what reaches it and answers as each test says.

const VARNISH_PORT = 4110;

type Answer = { status?: number; headers?: Record<string, string>; body?: string; hold?: Promise<void> };

let backend: Server;
let varnish: RunningVarnish;
/** What the backend answers, by path; each answer's body ends with the backend's count for that path. */
const answers = new Map<string, (req: IncomingMessage) => Answer>();
const seen = new Map<string, IncomingMessage[]>();
/** Called with each request's path as it reaches the backend. */
const arrivals = new Set<(path: string) => void>();

/** Resolves when the backend next receives a request for `path`. */
function nextArrival(path: string): Promise<void> {
  return new Promise((resolve) => {
    const arrived = (p: string) => {
      if (p !== path) return;
      arrivals.delete(arrived);
      resolve();
    };
    arrivals.add(arrived);
  });
}

const shareable = (tags: string): Record<string, string> => ({ "cache-control": "public, max-age=0, s-maxage=60", xkey: tags });

beforeAll(async () => {
  backend = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const list = seen.get(path) ?? [];
    list.push(req);
    seen.set(path, list);
    for (const arrived of [...arrivals]) arrived(path);
    const answer = answers.get(path)?.(req) ?? { status: 404 };
    void (answer.hold ?? Promise.resolve()).then(() => {
      res.writeHead(answer.status ?? 200, { "content-type": "text/plain", ...answer.headers });
      res.end(`${answer.body ?? path} #${list.length}`);
    });
  });
  backend.listen(0, "127.0.0.1");
  await once(backend, "listening");
  const address = backend.address();
  const port = typeof address === "object" && address ? address.port : 0;
  varnish = await startVarnish({ port: VARNISH_PORT, backendPorts: [port] });
});

afterAll(async () => {
  await varnish?.stop();
  backend?.close();
});

beforeEach(() => {
  answers.clear();
  seen.clear();
});

type Got = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request to Varnish, optionally from another loopback address. */
function get(path: string, headers: Record<string, string> = {}, options: { method?: string; from?: string } = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${varnish.url}${path}`, { method: options.method ?? "GET", headers, localAddress: options.from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

const reached = (path: string) => seen.get(path)?.length ?? 0;

describe("explore.vcl", () => {
  it("stores a public 200 and serves it again without asking the backend, without its tags", async () => {
    answers.set("/page", () => ({ headers: shareable("explore explore-list") }));
    const first = await get("/page");
    const second = await get("/page");
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(second.body).toBe("/page #1");
    expect(reached("/page")).toBe(1);
    expect(first.headers.xkey).toBeUndefined();
    expect(second.headers.xkey).toBeUndefined();
  });

  it("never serves a stored answer to a request with a cookie or credentials, nor stores the answer it gets", async () => {
    answers.set("/personal", (req) => ({ headers: shareable("explore"), body: req.headers.cookie || req.headers.authorization ? "personal" : "anonymous" }));
    await get("/personal");
    const personal: Record<string, string>[] = [
      { cookie: "authjs.session-token=abc" },
      { cookie: "__Secure-authjs.session-token=abc" },
      { Cookie: "a=1; next-auth.session-token=abc" },
      { cookie: "" },
      { authorization: "Bearer token" },
      { "proxy-authorization": "Basic eDp5" },
    ];
    for (const headers of personal) {
      const answer = await get("/personal", headers);
      expect(answer.headers["x-cache"], JSON.stringify(headers)).toBe("pass");
    }
    expect(reached("/personal")).toBe(1 + personal.length);
    // None of the personal answers was stored: a signed-out visitor still gets the anonymous one.
    const anonymous = await get("/personal");
    expect(anonymous.body).toBe("anonymous #1");
    expect(anonymous.headers["x-cache"]).toBe("hit");
  });

  it("does not store what a cookie-less request gets first when it came with credentials", async () => {
    answers.set("/fresh", (req) => ({ headers: shareable("explore"), body: req.headers.cookie ? "personal" : "anonymous" }));
    expect((await get("/fresh", { cookie: "session=1" })).body).toBe("personal #1");
    const anonymous = await get("/fresh");
    expect(anonymous.body).toBe("anonymous #2");
    expect(anonymous.headers["x-cache"]).toBe("miss");
  });

  it("stores only 200s without Set-Cookie whose Cache-Control is public", async () => {
    const refused: Record<string, Answer> = {
      "/set-cookie": { headers: { ...shareable("explore"), "set-cookie": "a=1" } },
      "/private": { headers: { "cache-control": "private, s-maxage=60", xkey: "explore" } },
      "/no-store": { headers: { "cache-control": "public, no-store, s-maxage=60", xkey: "explore" } },
      "/not-public": { headers: { "cache-control": "s-maxage=60", xkey: "explore" } },
      "/none": { headers: {} },
      "/max-age-0": { headers: { "cache-control": "public, max-age=0, must-revalidate", xkey: "explore" } },
      "/not-found": { status: 404, headers: shareable("explore") },
      "/unavailable": { status: 503, headers: { ...shareable("explore"), "retry-after": "5" } },
      "/redirect": { status: 307, headers: { ...shareable("explore"), location: "/page" } },
    };
    for (const [path, answer] of Object.entries(refused)) answers.set(path, () => answer);
    for (const path of Object.keys(refused)) {
      await get(path);
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBe("pass");
      expect(reached(path), path).toBe(2);
    }
  });

  it("asks once more after a 500 to a GET, as a page caught rendering by a database outage gets one, and never after a POST's", async () => {
    answers.set("/outage", (req) =>
      seen.get("/outage")!.length === 1
        ? { status: 500 }
        : { status: 503, headers: { "retry-after": "5", "cache-control": "no-store" }, body: `outage ${req.method}` },
    );
    const answer = await get("/outage");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(reached("/outage")).toBe(2);
    answers.set("/broken", () => ({ status: 500 }));
    expect((await get("/broken")).status).toBe(500);
    expect(reached("/broken")).toBe(2);
    answers.set("/posted", () => ({ status: 500 }));
    expect((await get("/posted", {}, { method: "POST" })).status).toBe(500);
    expect(reached("/posted")).toBe(1);
  });

  it("keeps client navigations (RSC requests) apart from documents and from each other", async () => {
    answers.set("/agents/x", (req) => ({
      headers: shareable("explore"),
      body: req.headers.rsc ? `rsc ${req.headers["next-router-prefetch"] ?? ""}` : "document",
    }));
    expect((await get("/agents/x")).body).toBe("document #1");
    expect((await get("/agents/x", { RSC: "1" })).body).toBe("rsc  #2");
    expect((await get("/agents/x", { RSC: "1", "Next-Router-Prefetch": "1" })).body).toBe("rsc 1 #3");
    expect((await get("/agents/x", { RSC: "1", "Next-Router-State-Tree": "%5B%22%22%5D" })).body).toBe("rsc  #4");
    expect((await get("/agents/x", { RSC: "1", "Next-Url": "/" })).body).toBe("rsc  #5");
    expect((await get("/agents/x", { RSC: "1", "Next-Router-Segment-Prefetch": "/_tree" })).body).toBe("rsc  #6");
    // Each one is then stored under its own key.
    expect((await get("/agents/x")).body).toBe("document #1");
    expect((await get("/agents/x", { RSC: "1" })).body).toBe("rsc  #2");
    expect((await get("/agents/x", { RSC: "1", "Next-Router-Prefetch": "1" })).body).toBe("rsc 1 #3");
    expect(reached("/agents/x")).toBe(6);
  });

  it("serves a stored answer past its time while the backend is asked again (grace)", async () => {
    let release = () => {};
    let hold: Promise<void> | undefined;
    answers.set("/grace", () => ({ headers: { "cache-control": "public, s-maxage=1, stale-while-revalidate=60", xkey: "explore" }, hold }));
    expect((await get("/grace")).body).toBe("/grace #1");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    hold = new Promise<void>((resolve) => (release = resolve));
    // The backend holds its answer: the visitor still gets the stored one at once, while Varnish fetches.
    const fetched = nextArrival("/grace");
    const stale = await get("/grace");
    expect(stale.body).toBe("/grace #1");
    expect(stale.headers["x-cache"]).toBe("stale");
    await fetched;
    release();
    let fresh = await get("/grace");
    // The fetched answer is stored a moment after the backend sends it.
    for (let tries = 0; fresh.body !== "/grace #2" && tries < 100; tries++) fresh = await get("/grace");
    expect(fresh.body).toBe("/grace #2");
    expect(reached("/grace")).toBe(2);
  });

  it("forgets by tag on PURGE from the purgers, and refuses a PURGE from anywhere else", async () => {
    answers.set("/a", () => ({ headers: shareable("explore explore-agent-a") }));
    answers.set("/b", () => ({ headers: shareable("explore explore-agent-b") }));
    answers.set("/list", () => ({ headers: shareable("explore explore-list") }));
    for (const path of ["/a", "/b", "/list"]) await get(path);

    const refused = await get("/", { "xkey-purge": "explore" }, { method: "PURGE", from: "127.0.0.2" });
    expect(refused.status).toBe(403);
    expect((await get("/", {}, { method: "PURGE" })).status).toBe(400);
    for (const path of ["/a", "/b", "/list"]) expect((await get(path)).headers["x-cache"], path).toBe("hit");

    const purged = await get("/", { "xkey-purge": "explore-agent-a explore-list" }, { method: "PURGE" });
    expect(purged.status).toBe(200);
    expect((await get("/a")).headers["x-cache"]).toBe("miss");
    expect((await get("/list")).headers["x-cache"]).toBe("miss");
    expect((await get("/b")).headers["x-cache"]).toBe("hit");

    expect((await get("/", { "xkey-purge": "explore" }, { method: "PURGE" })).status).toBe(200);
    for (const path of ["/a", "/b", "/list"]) expect((await get(path)).headers["x-cache"], path).toBe("miss");
  });

  it("sends other methods straight to the backend", async () => {
    answers.set("/form", () => ({ headers: shareable("explore") }));
    await get("/form", {}, { method: "POST" });
    await get("/form", {}, { method: "POST" });
    expect(reached("/form")).toBe(2);
  });
});
