// Fixtures of the run journeys, set up by e2e/stack.ts: agents imported through the one import function —
// the reference MCP server (lib/testing/everything-server.ts, started by the stack), and a demo tool with
// daily_limit 1.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db } from "../lib/foundations/db/client";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import { projectRoot } from "../scripts/lib/database";

export const EVERYTHING_HANDLE = "@e2e-everything";
export const LIMITED_HANDLE = "@e2e-limited";
const FIXTURE_PUBLISHER = "e2e-run-fixtures@explore.localhost";

const noData = {
  inputs: { retention: "none" },
  results: { retention: "none" },
  used_for_training: false,
  processing_regions: ["DE"],
};

function everythingAgent(endpoint: string): string {
  const capability = (tool: string, extra: Record<string, unknown>) => ({
    tool,
    category: "developer_tools.json",
    tags: ["json"],
    limitations: "A reference server for testing MCP clients; it does nothing useful.",
    class: "read_only",
    ...extra,
  });
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: {
      handle: EVERYTHING_HANDLE,
      display_name: "Everything (MCP reference server)",
      purpose: "The Model Context Protocol's reference server, run on loopback to prove Explore runs third-party MCP servers.",
      interests: ["testing"],
      languages: ["en"],
      logo: null,
    },
    adapter: { endpoint },
    defaults: { data: noData },
    capabilities: [
      capability("echo", {
        capability_id: "cap_echo",
        name: "Echo",
        summary: "Echoes back the message it is given, prefixed with Echo.",
        input_schema: { type: "object", properties: { message: { type: "string", description: "Message to echo" } }, required: ["message"] },
        example: { input: { message: "hello from Explore" } },
      }),
      capability("get-sum", {
        capability_id: "cap_get_sum",
        name: "Add two numbers",
        summary: "Returns the sum of two numbers, in a sentence.",
        input_schema: {
          type: "object",
          properties: { a: { type: "number", description: "First number" }, b: { type: "number", description: "Second number" } },
          required: ["a", "b"],
        },
        example: { input: { a: 2, b: 3 } },
      }),
      capability("trigger-long-running-operation", {
        capability_id: "cap_long_operation",
        name: "Long operation",
        summary: "Runs for a few seconds and reports its progress step by step.",
        max_duration_seconds: 30,
        input_schema: {
          type: "object",
          properties: { duration: { type: "number", description: "Seconds" }, steps: { type: "number", description: "Steps" } },
        },
        example: { input: { duration: 2, steps: 4 } },
      }),
      capability("get-tiny-image", {
        capability_id: "cap_tiny_image",
        name: "Tiny image",
        summary: "Returns a tiny image of the MCP logo.",
        input_schema: { type: "object", properties: {} },
        example: { input: {} },
      }),
    ],
  });
}

async function limitedAgent(adaptersUrl: string): Promise<string> {
  const source: unknown = JSON.parse(await readFile(path.join(projectRoot, "demo/agents/unit-forge.json"), "utf8"));
  if (typeof source !== "object" || source === null || !("capabilities" in source) || !Array.isArray(source.capabilities)) {
    throw new Error("demo/agents/unit-forge.json has no capabilities");
  }
  const first: unknown = source.capabilities[0];
  if (typeof first !== "object" || first === null) throw new Error("demo/agents/unit-forge.json: no first capability");
  const text = JSON.stringify({
    ...source,
    agent: { ...("agent" in source && typeof source.agent === "object" ? source.agent : {}), handle: LIMITED_HANDLE, display_name: "Limited Units" },
    capabilities: [{ ...first, plans: [{ type: "free", daily_limit: 1 }] }],
  });
  return text.replaceAll("http://127.0.0.1:4510", adaptersUrl.replace(/\/$/, ""));
}

export async function importRunFixtures(adaptersUrl: string, everythingUrl: string): Promise<void> {
  const owner = await db.user.upsert({
    where: { email: FIXTURE_PUBLISHER },
    create: { email: FIXTURE_PUBLISHER, name: "Run fixtures", emailVerified: new Date() },
    update: {},
    select: { id: true },
  });
  for (const text of [everythingAgent(everythingUrl), await limitedAgent(adaptersUrl)]) {
    const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
    if (!result.ok) {
      throw new Error(`run fixture does not import: ${result.message}\n${result.errors.map((e) => `  ${e.path}: ${e.message}`).join("\n")}`);
    }
  }
}
