import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVarnish, type RunningVarnish } from "@/scripts/lib/varnish";

// Varnish in front of two web instances (the backends.vcl scripts/lib/varnish.ts writes, as compose's does): an MCP
// client's requests that carry an Mcp-Session-Id all reach one instance — the one that asked its person to confirm
// an action gets the answer (lib/edges/agent-mcp/elicitation.ts) — while other requests are shared between them.

const VARNISH_PORT = 4113;
const backends: Server[] = [];
let varnish: RunningVarnish;

beforeAll(async () => {
  const ports: number[] = [];
  for (const name of ["a", "b"]) {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "cache-control": "no-store" });
      res.end(name);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    ports.push(typeof address === "object" && address ? address.port : 0);
    backends.push(server);
  }
  varnish = await startVarnish({ port: VARNISH_PORT, backendPorts: ports });
});

afterAll(async () => {
  await varnish?.stop();
  for (const server of backends) server.close();
});

async function instanceFor(headers: Record<string, string>): Promise<string> {
  const answer = await fetch(`${varnish.url}/mcp/agents/@unit-forge`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: "{}",
  });
  return answer.text();
}

describe("Varnish's choice of web instance", () => {
  it("keeps an Mcp-Session-Id on one instance, and shares the rest", async () => {
    for (const session of ["mcpel_one.x", "mcpel_two.y", "mcpel_three.z"]) {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) seen.add(await instanceFor({ "mcp-session-id": session }));
      expect(seen.size, session).toBe(1);
    }
    const shared = new Set<string>();
    for (let i = 0; i < 6; i++) shared.add(await instanceFor({}));
    expect([...shared].sort()).toEqual(["a", "b"]);
  });
});
