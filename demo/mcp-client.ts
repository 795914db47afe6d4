import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** Connects an MCP client to one demo endpoint; the caller closes it. */
export async function connectDemoClient(endpoint: string): Promise<Client> {
  const client = new Client({ name: "explore-demo-check", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  return client;
}
