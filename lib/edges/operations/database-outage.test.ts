import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "@/scripts/lib/embedded-postgres";
import { deployMigrations } from "@/scripts/lib/migrations";
import { NextRequest } from "next/server";

// Signed out (the logo route asks who is viewing only after the database; Auth.js needs a request's context).
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));

// A PostgreSQL of this file's own, stopped and started again on the same port while the route handlers keep
// their clients: what a web instance sees when its database restarts.

type Routes = {
  live: typeof import("@/app/api/health/live/route");
  ready: typeof import("@/app/api/health/ready/route");
  health: typeof import("@/app/api/health/route");
  services: typeof import("@/app/api/v1/services/route");
  agent: typeof import("@/app/api/v1/agents/[handle]/route");
  badge: typeof import("@/app/badges/[handle]/[capabilityId]/route");
  logo: typeof import("@/app/logos/[handle]/[file]/route");
  stripe: typeof import("@/app/api/webhooks/stripe/[handle]/route");
  gateway: typeof import("@/app/mcp/agents/[handle]/route");
  db: typeof import("@/lib/foundations/db/client");
  unavailable: typeof import("@/lib/foundations/db/unavailable");
  outage: typeof import("@/lib/foundations/db/outage");
  proxy: typeof import("@/proxy");
  instrumentation: typeof import("@/instrumentation");
};

let folder = "";
let port = 0;
let database: RunningPostgres | null = null;
let routes: Routes;

function start(): Promise<RunningPostgres> {
  return startEmbeddedPostgres({ dataDir: path.join(folder, "data"), database: "explore", persistent: true, port });
}

const api = (path: string) => new Request(`http://127.0.0.1${path}`, { headers: { "x-forwarded-for": "192.0.2.7" } });
const agentContext = { params: Promise.resolve({ handle: "@nobody-here" }) };
const badge = () =>
  routes.badge.GET(api("/badges/@nobody-here/cap_search.svg"), { params: Promise.resolve({ handle: "@nobody-here", capabilityId: "cap_search.svg" }) });
const logo = () => routes.logo.GET(api("/logos/@nobody-here/64.webp"), { params: Promise.resolve({ handle: "@nobody-here", file: "64.webp" }) });
const stripeEvent = () =>
  routes.stripe.POST(
    new Request("http://127.0.0.1/api/webhooks/stripe/@nobody-here", { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=00" } }),
    {
      params: Promise.resolve({ handle: "@nobody-here" }),
    },
  );

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "explore-outage-pg-"));
  // As root, PostgreSQL runs as its own user, which must be able to enter the folder.
  await chmod(folder, 0o755);
  port = await freePort();
  database = await start();
  await deployMigrations(database.url);
  // lib/foundations/env reads DATABASE_URL once, when the routes first load it.
  vi.stubEnv("DATABASE_URL", database.url);
  routes = {
    live: await import("@/app/api/health/live/route"),
    ready: await import("@/app/api/health/ready/route"),
    health: await import("@/app/api/health/route"),
    services: await import("@/app/api/v1/services/route"),
    agent: await import("@/app/api/v1/agents/[handle]/route"),
    badge: await import("@/app/badges/[handle]/[capabilityId]/route"),
    logo: await import("@/app/logos/[handle]/[file]/route"),
    stripe: await import("@/app/api/webhooks/stripe/[handle]/route"),
    gateway: await import("@/app/mcp/agents/[handle]/route"),
    db: await import("@/lib/foundations/db/client"),
    // Loaded here, not at the top: it reads lib/foundations/env (through the log), which must see this file's DATABASE_URL.
    unavailable: await import("@/lib/foundations/db/unavailable"),
    outage: await import("@/lib/foundations/db/outage"),
    proxy: await import("@/proxy"),
    instrumentation: await import("@/instrumentation"),
  };
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
}, 60_000);

describe("while PostgreSQL restarts", () => {
  it("answers a read that was running when it went away once it is back, and does not run a write again", async () => {
    const [{ started }] = await routes.db.db.$queryRaw<[{ started: Date }]>`SELECT pg_postmaster_start_time() AS started`;
    // Slow on this PostgreSQL, quick on the next: asked again after the restart, it answers at once.
    const read = routes.db.db.$queryRaw<{ one: number }[]>`SELECT 1 AS one FROM pg_sleep(CASE WHEN pg_postmaster_start_time() > ${started} THEN 0 ELSE 20 END)`;
    const write = routes.db.db.$executeRaw`SELECT pg_sleep(20)`.then(
      () => null,
      (error: unknown) => error,
    );
    await database?.stop();
    database = await start();
    const before = Date.now();
    expect((await read)[0]?.one).toBe(1);
    expect(Date.now() - before).toBeLessThan(5_000);
    expect(routes.unavailable.isDatabaseUnavailable(await write)).toBe(true);
    // The restart marked an outage for proxy.ts: it ends with the next probe.
    await expect.poll(() => routes.outage.databaseOutage(), { timeout: 10_000 }).toBe(false);
  }, 60_000);
});

describe("while PostgreSQL is stopped", () => {
  it("answers 503 with Retry-After and words, stays live, and answers 200 again once PostgreSQL is back", async () => {
    // Connections in the pools first, so the stop also ends connections the handlers hold.
    expect((await routes.ready.GET()).status).toBe(200);
    expect((await routes.services.GET(api("/api/v1/services"))).status).toBe(200);
    expect((await routes.agent.GET(api("/api/v1/agents/@nobody-here"), agentContext)).status).toBe(404);

    // A statement running when PostgreSQL shuts down fails as the database going away, not as a bug (a statement
    // run by $executeRaw is not known to be a read, so it is not asked again).
    const inFlight = routes.db.db.$executeRaw`SELECT pg_sleep(20)`.then(
      () => null,
      (error: unknown) => error,
    );
    await database?.stop();
    database = null;
    const interrupted = await inFlight;
    expect(routes.unavailable.isDatabaseUnavailable(interrupted)).toBe(true);
    // A model query (Prisma's own error code) as well as the raw ones the catalog makes.
    const refused = await routes.db.db.agent.count().then(
      () => null,
      (error: unknown) => error,
    );
    expect(routes.unavailable.isDatabaseUnavailable(refused)).toBe(true);

    // Pages: the pool's connections that PostgreSQL dropped have told proxy.ts already, before any page rendered:
    // it answers pages 503 in words, and route handlers and static files go on as themselves.
    const page = (path: string) => routes.proxy.proxy(new NextRequest(`http://127.0.0.1${path}`, { headers: { "x-forwarded-for": "192.0.2.7" } }));
    for (const path of ["/", "/services/@nobody-here/cap_search", "/agents/@nobody-here"]) {
      const answer = await page(path);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.text()).toBe("Temporarily unavailable. Explore cannot reach its database just now. Try again in a few seconds.");
    }
    expect((await page("/api/health/live")).status).toBe(200);

    const live = await routes.live.GET();
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(await live.json()).toEqual({ ok: true });

    for (const response of [await routes.ready.GET(), await routes.health.GET()]) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ ok: false, database: "unreachable" });
    }

    // As many requests at once as the benchmark's clients.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? routes.services.GET(api(`/api/v1/services?query=word${i}`)) : routes.agent.GET(api("/api/v1/agents/@nobody-here"), agentContext),
      ),
    );
    for (const response of answers) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({
        type: "urn:explore:problem:unavailable",
        status: 503,
        detail: "Explore cannot reach its database just now. Try again in a few seconds.",
      });
    }

    // The gateway reads the token first: a JSON-RPC error in the same words, with Retry-After.
    const gateway = await routes.gateway.POST(
      new Request("http://127.0.0.1/mcp/agents/@nobody-here", {
        method: "POST",
        headers: {
          "x-forwarded-for": "192.0.2.7",
          authorization: "Bearer ept_any",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
      agentContext,
    );
    expect(gateway.status).toBe(503);
    expect(gateway.headers.get("retry-after")).toBe("5");
    expect(await gateway.json()).toMatchObject({ error: { message: "Explore cannot reach its database just now. Try again in a few seconds." } });

    // Route handlers outside the public API answer the same problem.
    for (const { response, path } of [
      { response: await badge(), path: "/badges/@nobody-here/cap_search.svg" },
      { response: await logo(), path: "/logos/@nobody-here/64.webp" },
      { response: await stripeEvent(), path: "/api/webhooks/stripe/@nobody-here" },
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toMatchObject({
        status: 503,
        detail: "Explore cannot reach its database just now. Try again in a few seconds.",
        instance: path,
      });
    }

    database = await start();
    // Back: within a probe or two (one a second), pages are rendered again.
    await expect.poll(async () => (await page("/")).status, { timeout: 10_000 }).toBe(200);
    expect(await routes.outage.databaseOutage()).toBe(false);

    // A page's own bug reported by Next marks nothing; a render that failed on the database does (as Next's Node
    // server reports it), in case no pooled connection saw the outage first.
    const report = { path: "/", method: "GET", headers: {} };
    const where = {
      routerKind: "App Router",
      routePath: "/",
      routeType: "render",
      revalidateReason: undefined,
      renderSource: "react-server-components",
    } as const;
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    await routes.instrumentation.onRequestError(new Error("a page's own bug"), report, where);
    expect((await page("/")).status).toBe(200);
    await routes.instrumentation.onRequestError(refused, report, where);
    expect((await page("/")).status).toBe(503);
    await expect.poll(async () => (await page("/")).status, { timeout: 10_000 }).toBe(200);

    expect((await routes.ready.GET()).status).toBe(200);
    expect((await routes.health.GET()).status).toBe(200);
    expect((await routes.services.GET(api("/api/v1/services"))).status).toBe(200);
    expect((await routes.agent.GET(api("/api/v1/agents/@nobody-here"), agentContext)).status).toBe(404);
    expect((await badge()).status).toBe(404);
    expect((await logo()).status).toBe(404);
  }, 60_000);
});
