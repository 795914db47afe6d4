import { test, expect } from "@playwright/test";

// The MCP Registry API on the production server, as a registry client reads it: the list, then one server by its
// URL-encoded name ("%2F"), through Next's own routing of that segment.

type Entry = { server: { name: string; version: string; remotes: { url: string }[] }; _meta: Record<string, { status: string }> };

test("lists the demo network's public agents and answers one by its encoded name", async ({ request, baseURL }) => {
  const list = await request.get("/v0.1/servers?limit=100");
  expect(list.status()).toBe(200);
  expect(list.headers()["cache-control"]).toContain("public");
  const body = (await list.json()) as { servers: Entry[]; metadata: { count: number } };
  const names = body.servers.map((s) => s.server.name);
  const homes = body.servers.find((s) => s.server.name.endsWith("/demo-homes"));
  expect(homes, names.join(", ")).toBeDefined();
  // An agent whose services are all 18+ is no server for a signed-out visitor.
  expect(names.some((n) => n.endsWith("/cellar-pairings"))).toBe(false);
  expect(homes!.server.remotes[0]!.url).toBe(`${baseURL}/mcp/agents/@demo-homes`);

  for (const version of ["latest", homes!.server.version]) {
    const one = await request.get(`/v0.1/servers/${encodeURIComponent(homes!.server.name)}/versions/${version}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toEqual(homes);
  }
  const versions = await request.get(`/v0.1/servers/${encodeURIComponent(homes!.server.name)}/versions`);
  expect(((await versions.json()) as { servers: Entry[] }).servers).toEqual([homes]);

  const unknown = await request.get(`/v0.1/servers/${encodeURIComponent("com.example/nobody")}/versions/latest`);
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: string }).error).toMatch(/Server not found/);
  expect((await request.get("/v0.1/servers?limit=1000")).status()).toBe(400);
});
