// The tools a connected MCP server lists, as Explore reads them: checked with zod (an answer Explore does not
// understand is refused in words, not half-used), with only the parts a draft agent.json is made from.
import { z } from "zod";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import type { JsonObject } from "@/lib/model/agent-file/types";

/** Explore reads at most this many tools of one server: a draft larger than that is not one a person can review. */
export const MAX_CONNECTED_TOOLS = 200;

const jsonObject = z.custom<JsonObject>((value) => isJsonObject(value), { message: "must be a JSON object" });

const annotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

const toolSchema = z.object({
  name: z.string().trim().min(1, "has no name").max(128, "has a name longer than 128 characters"),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: annotationsSchema.optional(),
});

const serverInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  version: z.string(),
  description: z.string().optional(),
  websiteUrl: z.string().optional(),
});

export type ToolAnnotations = z.infer<typeof annotationsSchema>;

export type ConnectedTool = {
  name: string;
  title: string | null;
  description: string | null;
  inputSchema: JsonObject;
  outputSchema: JsonObject | null;
  annotations: ToolAnnotations;
};

export type ServerInfo = { name: string; title: string | null; version: string; description: string | null; websiteUrl: string | null };

/** The tools as Explore uses them, or the first problem in words (the tool's position and name when it has one). */
export function readConnectedTools(raw: readonly unknown[]): { ok: true; tools: ConnectedTool[] } | { ok: false; message: string } {
  const tools: ConnectedTool[] = [];
  const seen = new Set<string>();
  for (const [index, item] of raw.entries()) {
    const parsed = toolSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = [...(issue?.path ?? [])].map(String).join(".");
      const what = issue === undefined ? "is not valid" : where === "" ? issue.message : `${where} ${issue.message}`;
      return { ok: false, message: `The server's tool list is not valid: tool ${index + 1} ${what}.` };
    }
    const tool = parsed.data;
    if (seen.has(tool.name)) return { ok: false, message: `The server's tool list is not valid: it lists the tool "${tool.name}" twice.` };
    seen.add(tool.name);
    tools.push({
      name: tool.name,
      title: tool.title ?? null,
      description: tool.description ?? null,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema ?? null,
      annotations: tool.annotations ?? {},
    });
  }
  return { ok: true, tools };
}

/** What the server said of itself in initialize; a server that said nothing readable is named by its address. */
export function readServerInfo(raw: unknown, endpoint: string): ServerInfo {
  const parsed = serverInfoSchema.safeParse(raw);
  if (!parsed.success) return { name: new URL(endpoint).host, title: null, version: "", description: null, websiteUrl: null };
  const info = parsed.data;
  return {
    name: info.name,
    title: info.title ?? null,
    version: info.version,
    description: info.description ?? null,
    websiteUrl: info.websiteUrl ?? null,
  };
}
