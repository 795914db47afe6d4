// Test helpers for the foreign formats: the seeds' raw schemas out of their fixture pages, and a converted
// agent.json completed the way a publisher would, at exactly the paths the conversion listed.
import { readFileSync } from "node:fs";
import type { ToComplete } from "./foreign";

/** The JSON objects printed in a seed page, in order (each starts at a line that is just "{"). */
export function jsonBlocksOf(fixtureUrl: URL): Record<string, unknown>[] {
  const text = readFileSync(fixtureUrl, "utf8");
  const blocks: Record<string, unknown>[] = [];
  let at = text.indexOf("\n{\n");
  while (at !== -1) {
    // The longest prefix from here that parses is the block.
    let end = text.indexOf("\n}", at + 1);
    let parsed: Record<string, unknown> | null = null;
    while (end !== -1 && parsed === null) {
      try {
        parsed = JSON.parse(text.slice(at + 1, end + 2)) as Record<string, unknown>;
      } catch {
        end = text.indexOf("\n}", end + 1);
      }
    }
    if (parsed === null) break;
    blocks.push(parsed);
    at = text.indexOf("\n{\n", end + 2);
  }
  return blocks;
}

export function readJsonFixture(url: URL): Record<string, unknown> {
  return JSON.parse(readFileSync(url, "utf8")) as Record<string, unknown>;
}

const FILL: Record<string, unknown> = {
  "agent.handle": "@filled-in",
  "agent.display_name": "Filled in",
  "agent.purpose": "Filled in by the test.",
  "adapter.endpoint": "https://mcp.example.org/ekl",
  execution_mode: "storage_free",
  "defaults.data": { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false },
  "payment.link": "https://pay.example.org/checkout",
  tool: "filled_tool",
  name: "Filled service",
  summary: "Does the one thing it is for, and says so.",
  category: "real_estate.search",
  limitations: "Only what the test needs.",
  class: "read_only",
  "example.input": {},
  storage_free_accepted: true,
};

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split(/\.|(?=\[)/).map((s) => (s.startsWith("[") ? Number(s.slice(1, -1)) : s));
  let node: unknown = target;
  for (const segment of segments.slice(0, -1)) node = Reflect.get(node as object, segment);
  Reflect.set(node as object, segments.at(-1) as string | number, value);
}

/** The agent file with every listed field filled with a plausible value (a deep copy). */
export function completed(agentFile: Record<string, unknown>, toComplete: readonly ToComplete[]): Record<string, unknown> {
  const copy = structuredClone(agentFile);
  for (const { path } of toComplete) {
    const capability = /^capabilities\[\d+\]\.(.+)$/.exec(path)?.[1];
    const value = capability !== undefined ? FILL[capability] : FILL[path];
    if (value === undefined) throw new Error(`no test value for ${path}`);
    setAt(copy, path, structuredClone(value));
  }
  return copy;
}
