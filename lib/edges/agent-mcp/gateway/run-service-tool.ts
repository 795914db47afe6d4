import "server-only";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { toolJsonSchema } from "@/lib/edges/agent-mcp/tool-schemas";
import { inWords } from "@/lib/edges/agent-mcp/words";
import type { Context } from "@/lib/edges/agent-mcp/server";
import { TOKEN_REFUSED } from "@/lib/edges/agent-mcp/streamable-http";
import { runWithToken } from "./run";
import { toolResultOf } from "./tool-result";

// run_service on /mcp: the gateway's run for a client that prefers one endpoint to one per agent. Same rules, same
// answer; it needs a personal API token on the /mcp request.

export const runServiceInput = z.object({
  agent: z.string().trim().min(1).max(65).describe("The agent's handle, with or without its @: `@unit-forge` or `unit-forge`."),
  service: z.string().trim().min(1).max(64).describe("The service's capability_id, e.g. `cap_convert_length` (find_services and get_service name it)."),
  arguments: z.record(z.string(), z.unknown()).default({}).describe("The service's arguments, as its input schema (get_service) says."),
  plan_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe("A plan of the service to run under; by default the free quota first, then calls you bought, then the provider's plans, as the token allows."),
});

export const RUN_SERVICE_TOOL: Tool = {
  name: "run_service",
  title: "Run a service",
  description:
    'Run one service as the owner of the personal API token sent with this request (Authorization: Bearer; made at /settings), within their plans, daily limits and entitlements, recorded in their runs. The token says which plans it may use (free only, unless its owner allowed paid runs); an external action runs only if its owner allowed them and a person confirms the run in this client (MCP elicitation). A refusal says why and what to do. Example: {"agent": "@unit-forge", "service": "cap_convert_length", "arguments": {"value": 5, "from": "mi", "to": "km"}}.',
  inputSchema: toolJsonSchema(runServiceInput, "input"),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
};

export async function callRunService(args: Record<string, unknown>, context: Context): Promise<CallToolResult> {
  if (!context.caller) return { isError: true, content: [{ type: "text", text: `run_service runs as a person: ${TOKEN_REFUSED}` }] };
  const input = runServiceInput.safeParse(args);
  if (!input.success)
    return {
      isError: true,
      content: [
        {
          type: "text",
          text: `The arguments of run_service are not valid: ${inWords(input.error)}.`,
        },
      ],
    };
  const { agent, service, plan_id } = input.data;
  const handle = agent.startsWith("@") ? agent : `@${agent}`;
  return toolResultOf(
    await runWithToken(
      context.caller,
      { handle, capabilityId: service, arguments: input.data.arguments, planId: plan_id },
      { deps: { onProgress: context.onProgress }, ask: context.ask },
    ),
  );
}
