import { test, expect } from "@playwright/test";

// The public API v1: search with A2AWire parameters, one service, one agent, its agent.json,
// the OpenAPI document, errors as problem details, ETag and CORS.

test("GET /api/v1/services searches, filters and pages", async ({ request }) => {
  const all = await request.get("/api/v1/services?include_unreachable=true&limit=100");
  expect(all.status()).toBe(200);
  expect(all.headers()["access-control-allow-origin"]).toBe("*");
  expect(all.headers()["cache-control"]).toContain("public");
  const body = await all.json();
  expect(body.sort_by).toBe("reputation");
  expect(body.services.length).toBeGreaterThan(10);
  expect(body.services.every((s: { handle: string }) => s.handle !== "@cellar-pairings")).toBe(true);

  const found = await (await request.get("/api/v1/services?query=wether&include_unreachable=true")).json();
  expect(found.sort_by).toBe("relevance");
  // A typo still finds the weather service near the top.
  const top = found.services.slice(0, 3).map((s: { handle: string; capability_id: string }) => `${s.handle}/${s.capability_id}`);
  expect(top).toContain("@demo-weather/cap_current_weather");

  const tagged = await (await request.get("/api/v1/services?capability=mortgages&sort_by=name&include_unreachable=true")).json();
  const names: string[] = tagged.services.map((s: { name: string }) => s.name);
  expect(names.length).toBeGreaterThan(1);
  expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
  expect(tagged.services.every((s: { tags: string[] }) => s.tags.includes("mortgages"))).toBe(true);

  const paid = await (await request.get("/api/v1/services?paid=true&include_unreachable=true")).json();
  expect(paid.services.every((s: { paid: boolean }) => s.paid)).toBe(true);

  const first = await (await request.get("/api/v1/services?limit=2&sort_by=name&include_unreachable=true")).json();
  expect(first.services).toHaveLength(2);
  expect(first.next_offset).toBe(2);
  const second = await (await request.get(`/api/v1/services?limit=2&offset=${first.next_offset}&sort_by=name&include_unreachable=true`)).json();
  expect(second.services[0].name).not.toBe(first.services[0].name);

  const verified = await (await request.get("/api/v1/services?verified=true")).json();
  expect(verified.services.every((s: { sample_tested: boolean }) => s.sample_tested)).toBe(true);
});

test("bad parameters get 400 problem details naming each parameter, never a 500", async ({ request }) => {
  for (const [query, parameter] of [
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["offset=-1", "offset"],
    ["sort_by=best", "sort_by"],
    ["verified=yes", "verified"],
    ["min_reputation=2", "min_reputation"],
    ["class=magic", "class"],
    ["colour=red", "colour"],
    ["limit=1&limit=2", "limit"],
    [`query=${"x".repeat(201)}`, "query"],
  ] as const) {
    const response = await request.get(`/api/v1/services?${query}`);
    expect(response.status(), query).toBe(400);
    expect(response.headers()["content-type"]).toContain("application/problem+json");
    const problem = await response.json();
    expect(problem.status).toBe(400);
    expect(
      problem.errors.map((e: { parameter: string }) => e.parameter),
      query,
    ).toContain(parameter);
    expect(problem.detail).toContain(parameter);
  }
  const missing = await request.get("/api/v1/services/@demo-homes/cap_nope");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("application/problem+json");
  expect((await request.get("/api/v1/services/@demo-homes/not-a-capability")).status()).toBe(400);
  expect((await request.get("/api/v1/agents/@cellar-pairings")).status()).toBe(404);
});

test("one service, one agent and its agent.json, with ETags", async ({ request }) => {
  const service = await request.get("/api/v1/services/@demo-homes/cap_area_market_stats");
  expect(service.status()).toBe(200);
  const detail = await service.json();
  expect(detail).toMatchObject({ handle: "@demo-homes", capability_id: "cap_area_market_stats", class: "read_only" });
  expect(detail.plans.map((p: { type: string }) => p.type)).toEqual(["free", "subscription"]);
  expect(detail.data).toHaveProperty("declared");
  expect(detail.terms.text_sha256).toMatch(/^[0-9a-f]{64}$/);

  const etag = service.headers()["etag"];
  expect(etag).toBeTruthy();
  const again = await request.get("/api/v1/services/@demo-homes/cap_area_market_stats", { headers: { "If-None-Match": etag ?? "" } });
  expect(again.status()).toBe(304);

  const agent = await (await request.get("/api/v1/agents/demo-homes")).json();
  expect(agent).toMatchObject({ handle: "@demo-homes", display_name: "Demo Homes" });
  expect(agent.services.map((s: { capability_id: string }) => s.capability_id)).toContain("cap_get_home");

  const file = await (await request.get("/api/v1/agents/@demo-homes/agent.json")).json();
  expect(file.agent.handle).toBe("@demo-homes");
  expect(file.adapter?.path).toBeUndefined();
  expect(file.adapter?.storage).toBeUndefined();
  expect(file.upstream).toBeUndefined();

  const preflight = await request.fetch("/api/v1/services", { method: "OPTIONS" });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-methods"]).toContain("GET");
});

test("the OpenAPI document describes the parameters the API validates", async ({ request }) => {
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  const parameters: { name: string; schema: { maximum?: number; enum?: string[] } }[] = doc.paths["/services"].get.parameters;
  const byName = new Map(parameters.map((p) => [p.name, p]));
  expect(byName.get("limit")?.schema.maximum).toBe(100);
  expect(byName.get("sort_by")?.schema.enum).toEqual(expect.arrayContaining(["reputation", "recent", "name"]));
  for (const name of ["query", "capability", "verified", "min_reputation", "include_unreachable", "offset"]) expect(byName.has(name)).toBe(true);
  expect(doc.components.schemas.Problem).toBeTruthy();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/services/{handle}/{capability_id}", "/agents/{handle}", "/agents/{handle}/agent.json"]));
});
