import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mcpPost } from "@/app/mcp/route";
import { GET as serviceGet } from "@/app/api/v1/services/[handle]/[capabilityId]/route";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { agentSnippets } from "./agent-snippets";

// The snippets a service page offers, sent to Explore's own route handlers as written: the curl's JSON-RPC body
// and headers to /mcp, the API URL to the API (nothing listens, nothing leaves the process).

const handle = uniqueHandle("s");
// A host /mcp answers for outside production (lib/edges/agent-mcp/request-origin.ts).
const origin = "http://localhost:3000";
// Its own rate-limit bucket.
const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

beforeAll(async () => {
  const owner = await createTestUser();
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Snippet converters", purpose: "Converts units for the snippet tests.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities: [
      {
        tool: "miles",
        name: "Miles converter",
        summary: "Converts miles.",
        category: "utilities.conversion",
        limitations: "Test rows only.",
        class: "read_only",
      },
    ],
  });
  const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle } });
  await cleanUpTestRows();
});

const snippets = () => agentSnippets(origin, { handle, capabilityId: "cap_miles", tool: "miles", adapterEndpoint: "https://mcp.example.test/mcp" });

describe("the service page's snippets against Explore's routes", () => {
  it("the curl get_service call answers the service and where its adapter is", async () => {
    const curl = snippets().api.find((s) => s.id === "api-curl")?.text ?? "";
    const body = /-d '(.*)'$/m.exec(curl)?.[1] ?? "";
    const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    expect(headers).toEqual({ "Content-Type": "application/json", Accept: "application/json, text/event-stream" });
    const response = await mcpPost(new Request(snippets().exploreMcpUrl, { method: "POST", headers: { ...headers, "x-forwarded-for": address }, body }));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { result?: { isError?: boolean; structuredContent?: { service?: { name: string; adapter: unknown } } } };
    expect(answer.result?.isError ?? false).toBe(false);
    expect(answer.result?.structuredContent?.service).toMatchObject({
      name: "Miles converter",
      adapter: { endpoint: "https://mcp.example.test/mcp", tool: "miles", transport: "streamable_http" },
    });
  });

  it("the API URL of the examples is the service's", async () => {
    const url = new URL(snippets().serviceApiUrl);
    const [, , , , rawHandle = "", rawId = ""] = url.pathname.split("/");
    expect(url.pathname).toBe(`/api/v1/services/${handle}/cap_miles`);
    const response = await serviceGet(new Request(url, { headers: { "x-forwarded-for": address } }), {
      params: Promise.resolve({ handle: rawHandle, capabilityId: rawId }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Miles converter", adapter: { tool: "miles" } });
  });
});
