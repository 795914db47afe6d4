import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { leak, roles, type RoleName } from "./roles/roles";

// The leak suite: for each role, every public page and route is fetched, and the names and IDs of
// a mature listing and a suspended listing appear exactly where that role may see them.
// Adding a route is one line in `routes`.

/** "viewer": the page shows what this role may see. "public": the route answers as if signed out, for everyone. */
type Audience = "viewer" | "public";
type Route = {
  path: string;
  audience: Audience;
  /** Which fixture listings this route lists when the role may see them. */
  lists: ("mature" | "suspended")[];
  /** The path itself names the listing: when hidden, the ID may be echoed (the URL), never the name. */
  names?: "mature" | "suspended";
  /** Binary answers (images, badges): only the status is checked. */
  binary?: boolean;
};

const service = (id: string) => `/services/${leak.handle}/${id}`;
const routes: Route[] = [
  { path: "/", audience: "viewer", lists: ["mature", "suspended"] },
  { path: "/?q=nightcap", audience: "viewer", lists: ["mature"] },
  { path: "/?q=quarantined", audience: "viewer", lists: ["suspended"] },
  { path: "/?q=harbour+chart", audience: "viewer", lists: [] },
  { path: `/agents/${leak.handle}`, audience: "viewer", lists: ["mature", "suspended"] },
  { path: service(leak.publicId), audience: "viewer", lists: ["mature", "suspended"] },
  { path: service(leak.matureId), audience: "viewer", lists: ["mature", "suspended"], names: "mature" },
  { path: service(leak.suspendedId), audience: "viewer", lists: ["mature", "suspended"], names: "suspended" },
  { path: `/og${service(leak.matureId)}`, audience: "public", lists: [], names: "mature", binary: true },
  { path: `/og${service(leak.suspendedId)}`, audience: "public", lists: [], names: "suspended", binary: true },
  { path: "/og/neutral", audience: "public", lists: [], binary: true },
  { path: "/sitemap.xml", audience: "public", lists: [] },
  { path: "/robots.txt", audience: "public", lists: [] },
  // Read as a signed-out visitor by everyone: the directory lists agents, never a hidden or 18+ listing's name.
  { path: "/directory", audience: "public", lists: [] },
  { path: "/directory?q=nightcap", audience: "public", lists: [] },
  { path: "/api/v1/services", audience: "public", lists: [] },
  { path: "/api/v1/services?q=nightcap", audience: "public", lists: [] },
  { path: "/api/v1/services?q=quarantined", audience: "public", lists: [] },
  { path: `/api/v1/services/${leak.handle}/${leak.matureId}`, audience: "public", lists: [], names: "mature" },
  { path: `/api/v1/services/${leak.handle}/${leak.suspendedId}`, audience: "public", lists: [], names: "suspended" },
  { path: `/api/v1/agents/${leak.handle}`, audience: "public", lists: [] },
  { path: `/api/v1/agents/${leak.handle}/agent.json`, audience: "public", lists: [] },
  { path: "/api/v1/openapi.json", audience: "public", lists: [] },
  { path: "/v0.1/servers?search=leak-fixture", audience: "public", lists: [] },
  { path: "/v0.1/servers?updated_since=2000-01-01T00:00:00Z&limit=100", audience: "public", lists: [] },
  { path: `/badges/${leak.handle}/${leak.matureId}`, audience: "public", lists: [], names: "mature", binary: true },
  { path: `/badges/${leak.handle}/${leak.suspendedId}`, audience: "public", lists: [], names: "suspended", binary: true },
];

/** Who may see what (DESIGN.md "Visibility"); publisher A owns both fixture listings. */
const maySee: Record<RoleName, { mature: boolean; suspended: boolean }> = {
  signedOut: { mature: false, suspended: false },
  minor: { mature: false, suspended: false },
  adultOff: { mature: false, suspended: false },
  adultOn: { mature: true, suspended: false },
  publisherA: { mature: true, suspended: true },
  publisherB: { mature: true, suspended: false },
  // The administrator has stated no age: suspended listings yes, mature ones no.
  admin: { mature: false, suspended: true },
};

const words = {
  mature: { name: leak.matureName, id: leak.matureId },
  suspended: { name: leak.suspendedName, id: leak.suspendedId },
} as const;

const checkedRoles: RoleName[] = ["signedOut", "minor", "adultOff", "adultOn", "publisherA", "admin"];

for (const roleName of checkedRoles) {
  test.describe(`as ${roleName}`, () => {
    test.use({ storageState: roles[roleName].storageState });

    test("mature and suspended listings appear exactly where this role may see them", async ({ page }) => {
      const allowed = (kind: "mature" | "suspended", route: Route) => route.audience === "viewer" && maySee[roleName][kind];
      for (const route of routes) {
        const response = await page.request.get(route.path, { maxRedirects: 0 });
        const where = `${roleName} ${route.path}`;
        expect(response.status(), where).toBeLessThan(500);
        if (route.names) {
          const visible = allowed(route.names, route);
          if (!visible) expect(response.status(), `${where} must not exist`).toBe(404);
          else expect(response.status(), `${where} must exist`).toBe(200);
        }
        if (route.binary) continue;
        const body = await response.text();
        for (const kind of ["mature", "suspended"] as const) {
          // A page about a listing the role may not see is a 404: it lists nothing at all.
          const pageExists = !route.names || allowed(route.names, route);
          const shouldShow = pageExists && allowed(kind, route) && (route.lists.includes(kind) || route.names === kind);
          const { name, id } = words[kind];
          // Search highlighting may split a name with <mark>, so presence is proven by the ID (in the link).
          if (shouldShow) {
            expect(body.includes(id), `${where} shows ${id}`).toBe(true);
          } else {
            expect(body.includes(name), `${where} must not name ${name}`).toBe(false);
            if (route.names !== kind) expect(body.includes(id), `${where} must not carry ${id}`).toBe(false);
          }
        }
      }
    });

    // /mcp reads no cookie: whoever calls, it answers as a signed-out visitor, its directory of agents included.
    test("the agents' MCP endpoint never finds a listing, or its agent, by what only a hidden listing holds", async ({ page }) => {
      const callTool = async (name: string, args: Record<string, unknown>) => {
        const response = await page.request.post("/mcp", {
          headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
          data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
        });
        expect(response.status(), `${roleName} /mcp ${name}`).toBe(200);
        return response.text();
      };
      const agentsOf = async (args: Record<string, unknown>) => {
        const body = z
          .object({ result: z.object({ structuredContent: z.object({ agents: z.array(z.object({ handle: z.string() })) }) }) })
          .parse(JSON.parse(await callTool("search_agents", args)));
        return body.result.structuredContent.agents.map((a) => a.handle);
      };
      // Found by its public listing's tag, so the refusals below mean something.
      expect(await agentsOf({ query: "leak", tag: "travel" })).toContain(leak.handle);
      for (const tag of [leak.matureTag, leak.suspendedTag]) {
        expect(await agentsOf({ query: "leak", tag }), `${roleName} search_agents tag ${tag}`).not.toContain(leak.handle);
        expect(await agentsOf({ query: `leak ${tag}` }), `${roleName} search_agents words leak ${tag}`).not.toContain(leak.handle);
      }
      for (const need of ["velvet nightcap finder", "quarantined widget helper", `leak ${leak.matureTag} ${leak.suspendedTag}`]) {
        const answer = await callTool("find_services", { need });
        for (const kind of ["mature", "suspended"] as const) {
          expect(answer.includes(words[kind].name), `${roleName} find_services ${need}`).toBe(false);
          expect(answer.includes(words[kind].id), `${roleName} find_services ${need}`).toBe(false);
        }
      }
      // A need sent to the operator answers its id and token and the thread as sent, nothing found for it.
      const asked = await callTool("describe_need", { message: "I need a velvet nightcap finder." });
      for (const kind of ["mature", "suspended"] as const) {
        expect(asked.includes(words[kind].name), `${roleName} describe_need`).toBe(false);
        expect(asked.includes(words[kind].id), `${roleName} describe_need`).toBe(false);
      }
    });

    // The gateway acts as a token's owner: it lists and runs exactly what they may run, never a suspended listing.
    test("the gateway lists and runs a hidden listing for nobody who may not see it", async ({ page }) => {
      const gateway = (token: string | null, body: Record<string, unknown>) =>
        page.request.post(`/mcp/agents/${leak.handle}`, {
          headers: {
            accept: "application/json, text/event-stream",
            "content-type": "application/json",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          data: { jsonrpc: "2.0", id: 1, ...body },
        });
      if (roleName === "signedOut") {
        expect((await gateway(null, { method: "tools/list" })).status()).toBe(401);
        return;
      }
      await page.goto("/settings");
      const tokens = page.getByRole("region", { name: "API tokens" });
      await tokens.getByLabel("Name of the new token").fill(`leak ${Date.now().toString(36)}`);
      await tokens.getByRole("button", { name: "Make a token" }).click();
      const token = await tokens.getByLabel("The token").inputValue();

      const listed = await gateway(token, { method: "tools/list" });
      expect(listed.status(), `${roleName} tools/list`).toBe(200);
      const listing = await listed.text();
      expect(listing.includes(leak.publicId), `${roleName} lists the public listing`).toBe(true);
      expect(listing.includes(leak.matureId), `${roleName} lists ${leak.matureId}`).toBe(maySee[roleName].mature);
      expect(listing.includes(leak.suspendedId), `${roleName} must not list ${leak.suspendedId}`).toBe(false);
      expect(listing.includes(leak.suspendedName), `${roleName} must not name ${leak.suspendedName}`).toBe(false);
      if (!maySee[roleName].mature) expect(listing.includes(leak.matureName), `${roleName} must not name ${leak.matureName}`).toBe(false);

      const viaMcp = await page.request.post("/mcp", {
        headers: { accept: "application/json, text/event-stream", "content-type": "application/json", authorization: `Bearer ${token}` },
        data: {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "run_service", arguments: { agent: leak.handle, service: leak.suspendedId, arguments: {} } },
        },
      });
      const answer = await viaMcp.text();
      expect(answer.includes(leak.suspendedName), `${roleName} run_service must not name ${leak.suspendedName}`).toBe(false);
      expect(answer).toContain('"isError":true');
    });
  });
}

// The shared cache (Varnish, deploy/varnish) decides by construction (no cookie at all), not by the session cookie's name:
// every spelling Auth.js reads as a session is tried by an adult with 18+ on, and a signed-out visitor of the
// same URLs never gets the adult's answer, whether rendered for them or served from the cache.
test("a signed-out visitor never gets an answer rendered for a signed-in adult, however the session cookie is spelled", async ({ playwright }) => {
  const state = JSON.parse(readFileSync(roles.adultOn.storageState, "utf8")) as { cookies: { name: string; value: string }[] };
  const token = state.cookies.find((c) => c.name === "authjs.session-token")?.value;
  expect(token, "the adult's session token").toBeTruthy();
  const spellings = [
    `authjs.session-token=${token}`,
    `authjs.session-token.a=${token}`,
    `authjs.session-token =${token}`,
    `authjs.session-token\t=${token}`,
    `authjs.session-tokenX=${token}`,
    `theme=dark; authjs.session-token=${token}`,
    `authjs.session-token=${token}; theme=dark`,
    `authjs.session-token=${token}; authjs.session-token=${token}`,
  ];
  const paths = [service(leak.matureId), `/?q=nightcap`, `/agents/${leak.handle}`];
  const signedOut = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (const cookie of spellings) {
    const adult = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { cookie } });
    for (const path of paths) {
      const answer = await adult.get(path);
      // Through Varnish (the "varnish" project) it went straight to Explore; served directly there is no X-Cache.
      expect(answer.headers()["x-cache"] ?? "pass", `${path} with ${cookie.slice(0, 24)}… is not shared`).toBe("pass");
      for (let i = 0; i < 3; i += 1) {
        const visitor = await signedOut.get(path);
        const body = await visitor.text();
        expect(body.includes(leak.matureName), `a signed-out ${path} after ${cookie.slice(0, 24)}…`).toBe(false);
        expect(body.includes(roles.adultOn.email ?? ""), "the adult's email").toBe(false);
      }
    }
    await adult.dispose();
  }
  // The plain spelling is a real session here: the adult saw the mature listing, so the check above means something.
  const adult = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { cookie: spellings[0] ?? "" } });
  expect((await adult.get(service(leak.matureId))).status()).toBe(200);
  await adult.dispose();
  expect((await signedOut.get(service(leak.matureId))).status()).toBe(404);
  await signedOut.dispose();
});
