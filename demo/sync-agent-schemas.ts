// Copies each demo tool's input and output schema, as the adapters announce them, into demo/agents/*.json.
// Run after changing a tool: `npx tsx demo/sync-agent-schemas.ts`. The demo test fails while they differ.
import { writeFileSync } from "node:fs";
import { z } from "zod";
import { loadDemoAgents, demoSlug, withoutDialect } from "./agent-files";
import { startDemoAdapters } from "./adapters/server";
import { connectDemoClient } from "./mcp-client";

const jsonObject = z.record(z.string(), z.unknown());
const capabilityList = z.object({ capabilities: z.array(jsonObject) });
// Schemas go right before the first of these keys, so files read in the same order everywhere.
const SCHEMAS_BEFORE = ["data", "plans", "version", "example", "offered", "needs_confirmation"];

function placeSchemas(capability: Record<string, unknown>, input: unknown, output: unknown): Record<string, unknown> {
  const entries = Object.entries(capability).filter(([key]) => key !== "input_schema" && key !== "output_schema");
  const at = entries.findIndex(([key]) => SCHEMAS_BEFORE.includes(key));
  const schemas: [string, unknown][] = [
    ["input_schema", input],
    ["output_schema", output],
  ];
  entries.splice(at === -1 ? entries.length : at, 0, ...schemas);
  return Object.fromEntries(entries);
}

async function main(): Promise<void> {
  const adapters = await startDemoAdapters({ port: 0 });
  try {
    for (const { path, raw, agent } of loadDemoAgents()) {
      const slug = demoSlug(agent.adapter.endpoint);
      if (slug === null) continue;
      const client = await connectDemoClient(`${adapters.url}/${slug}/mcp`);
      const { tools } = await client.listTools();
      await client.close();
      const document = jsonObject.parse(raw);
      const capabilities = capabilityList.parse(raw).capabilities.map((capability) => {
        const tool = tools.find((item) => item.name === capability.tool);
        if (!tool) throw new Error(`${path}: the adapter has no tool ${String(capability.tool)}.`);
        if (!tool.outputSchema) throw new Error(`${path}: tool ${tool.name} declares no output schema.`);
        return placeSchemas(capability, withoutDialect(tool.inputSchema), withoutDialect(tool.outputSchema));
      });
      writeFileSync(path, `${JSON.stringify({ ...document, capabilities }, null, 2)}\n`);
      console.log(`${path}: ${capabilities.length} capabilities`);
    }
  } finally {
    await adapters.close();
  }
}

await main();
