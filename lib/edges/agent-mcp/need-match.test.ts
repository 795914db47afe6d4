import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { POST } from "@/app/mcp/route";
import { db } from "@/lib/foundations/db/client";
import { loadDemoAgents } from "@/demo/agent-files";
import { DEMO_PUBLISHER_EMAIL, seedDemoNetwork } from "@/scripts/lib/seed-demo";
import fixture from "./needs.fixture.json";
import { needWords, servicesForNeed } from "./need-match";

// find_services' relevance floor, held to needs.fixture.json over the seeded demo network. Other test files import
// the demo agents under handles of their own, so a service is recognised by its capability id (unique in the demo).

const needs = z
  .object({
    finds: z.array(z.object({ need: z.string(), services: z.array(z.string()), first: z.boolean().optional() })),
    finds_nothing: z.array(z.string()),
  })
  .parse(fixture);

const capabilityIdOf = (service: string) => service.split("/")[1] ?? service;
const demoHandles = loadDemoAgents().map((entry) => entry.agent.agent.handle);
let client: Client;

beforeAll(async () => {
  // Nothing listens there: the floor reads the catalog only.
  await seedDemoNetwork("http://127.0.0.1:9");
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
    fetch: (url, init) => POST(new Request(url, init)),
    requestInit: { headers: { "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9` } },
  });
  client = new Client({ name: "need-match-test", version: "1.0.0" });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client.close();
  await db.agent.deleteMany({ where: { handle: { in: demoHandles } } });
  await db.user.deleteMany({ where: { email: DEMO_PUBLISHER_EMAIL } });
});

describe("find_services' relevance floor", () => {
  for (const { need, services, first } of needs.finds) {
    it(`“${need}” finds ${services.join(", ")}`, async () => {
      const found = (await servicesForNeed(needWords(need), 20)).map((m) => m.service.capability_id);
      expect(found).toEqual(expect.arrayContaining(services.map(capabilityIdOf)));
      if (first) expect(found[0]).toBe(capabilityIdOf(services[0] ?? ""));
    });
  }

  for (const need of needs.finds_nothing) {
    it(`“${need}” finds nothing, says so and points to request_capability`, async () => {
      const result = await client.callTool({ name: "find_services", arguments: { need } });
      const answer = z
        .object({ services: z.array(z.unknown()), agents: z.array(z.unknown()), next_steps: z.array(z.string()) })
        .parse(result.structuredContent);
      expect(answer.services).toEqual([]);
      expect(answer.agents).toEqual([]);
      expect(answer.next_steps.join(" ")).toContain("No service on Explore matches this need: ask for it with request_capability");
    });
  }

  it("says when the matches are weak: none matches every word of the need", async () => {
    const result = await client.callTool({ name: "find_services", arguments: { need: "recipes with chickpeas" } });
    const answer = z.object({ services: z.array(z.object({ capability_id: z.string() })), next_steps: z.array(z.string()) }).parse(result.structuredContent);
    expect(answer.services.map((s) => s.capability_id)).toContain("cap_find_recipes");
    expect(answer.next_steps.join(" ")).toContain(
      "These are weak matches: each shares only some of the need's words (none matches “chickpeas”). If none does what you need, ask for it with request_capability",
    );
  });
});
