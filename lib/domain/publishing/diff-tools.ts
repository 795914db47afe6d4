// Re-connecting a server an agent already describes: which tools are new, which changed, which are gone,
// by tool name. An agent.json holds the publisher's words, not the tool's, so "changed" compares what it
// can: the schemas it copied, its summary against the tool's description, its class against the annotations.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { withoutDialect } from "@/lib/foundations/json-schema/validator";
import type { ConnectedTool } from "./connected-tools";
import { classFromAnnotations } from "./tool-class";

export type ToolChangeField = "input_schema" | "output_schema" | "description" | "annotations";
export type ToolChange = { tool: string; capabilityIds: string[]; changes: { field: ToolChangeField; words: string }[] };
export type ToolsDiff = { added: string[]; changed: ToolChange[]; removed: string[]; unchanged: string[] };

const jsonObject = z.custom<JsonObject>((value) => isJsonObject(value));
const describedCapabilities = z.object({
  capabilities: z.array(
    z.looseObject({
      tool: z.string(),
      capability_id: z.string().optional(),
      summary: z.string().optional(),
      class: z.string().optional(),
      input_schema: jsonObject.optional(),
      output_schema: jsonObject.optional(),
    }),
  ),
});
type Described = z.infer<typeof describedCapabilities>["capabilities"][number];

// The SDK adds a `$schema` dialect; agent.json files usually drop it. Neither is a change of the schema.
function sameSchema(a: JsonObject, b: JsonObject): boolean {
  return isDeepStrictEqual(withoutDialect(a), withoutDialect(b));
}

function normalSpace(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

function changesOf(described: Described, tool: ConnectedTool): ToolChange["changes"] {
  const changes: ToolChange["changes"] = [];
  if (described.input_schema !== undefined && !sameSchema(described.input_schema, tool.inputSchema)) {
    changes.push({ field: "input_schema", words: "The tool's input schema is not the one in your agent.json." });
  }
  // An output_schema the agent.json supplies for a tool that declares none is not a change.
  if (described.output_schema !== undefined && tool.outputSchema !== null && !sameSchema(described.output_schema, tool.outputSchema)) {
    changes.push({ field: "output_schema", words: "The tool's output schema is not the one in your agent.json." });
  }
  if (tool.description !== null && described.summary !== undefined && normalSpace(tool.description) !== normalSpace(described.summary)) {
    changes.push({ field: "description", words: "The tool's description differs from your summary (which may be on purpose)." });
  }
  const suggested = classFromAnnotations(tool.annotations, tool.name).class;
  // Read-only and transformation both change nothing; the annotations cannot tell them apart.
  const changesNothing = (c: unknown) => c === "read_only" || c === "transformation";
  if (described.class !== undefined && described.class !== suggested && !(changesNothing(described.class) && changesNothing(suggested))) {
    changes.push({ field: "annotations", words: `Its annotations now suggest ${suggested}; your agent.json says ${described.class}.` });
  }
  return changes;
}

/** What changed between the tools an agent.json describes and the tools the server lists now. */
export function diffTools(existing: JsonObject, tools: readonly ConnectedTool[]): ToolsDiff {
  const parsed = describedCapabilities.safeParse(existing);
  const described = parsed.success ? parsed.data.capabilities : [];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const describedNames = new Set(described.map((c) => c.tool));
  const diff: ToolsDiff = { added: [], changed: [], removed: [], unchanged: [] };
  for (const tool of tools) if (!describedNames.has(tool.name)) diff.added.push(tool.name);
  for (const name of describedNames) {
    const tool = byName.get(name);
    if (tool === undefined) {
      diff.removed.push(name);
      continue;
    }
    // One tool may back several capabilities: each one's differences count.
    const mine = described.filter((c) => c.tool === name);
    const changes = mine.flatMap((c) => changesOf(c, tool)).filter((c, i, all) => all.findIndex((o) => o.words === c.words) === i);
    if (changes.length === 0) diff.unchanged.push(name);
    else diff.changed.push({ tool: name, capabilityIds: mine.map((c) => c.capability_id ?? `cap_${c.tool}`), changes });
  }
  return diff;
}
