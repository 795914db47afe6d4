import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file";
import { CAPABILITY_ID_PATTERN } from "@/lib/model/agent-file/schema";
import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import type { ConnectedTool, ServerInfo } from "./connected-tools";
import { readConnectedTools } from "./connected-tools";
import { diffTools } from "./diff-tools";
import { draftFromTools, type ToComplete } from "./draft-from-tools";
import { classFromAnnotations } from "./tool-class";
import { exampleFromSchema } from "./tool-example";

const server: ServerInfo = { name: "weather-server", title: "Weather Server", version: "1.0.0", description: null, websiteUrl: null };
const endpoint = "https://mcp.example.com/mcp";

function tool(overrides: Partial<ConnectedTool> = {}): ConnectedTool {
  return {
    name: "get_forecast",
    title: "Weather forecast",
    description: "Returns the weather forecast for a city for the next days.",
    inputSchema: { type: "object", properties: { city: { type: "string", default: "Berlin" } }, required: ["city"] },
    outputSchema: { type: "object", properties: { days: { type: "array" } } },
    annotations: { readOnlyHint: true },
    ...overrides,
  };
}

/** Writes a valid value at each path the draft left for the publisher, as a publisher would. */
function completed(document: JsonObject, toComplete: ToComplete[]): string {
  const copy: JsonValue = structuredClone(document);
  const answers: Record<string, JsonValue> = {
    handle: "@weather-draft",
    purpose: "Tells the weather.",
    retention: "none",
    used_for_training: false,
    limitations: "Forecasts only.",
    outside_action: "submit",
    output_schema: { type: "object" },
    summary: "Does one thing well, in words.",
    category: "weather",
  };
  for (const { path } of toComplete) {
    const keys = path.split("/").slice(1);
    const last = keys.pop() ?? "";
    let at: JsonValue = copy;
    for (const key of keys) at = Array.isArray(at) ? (at[Number(key)] ?? null) : at !== null && typeof at === "object" ? (at[key] ?? null) : null;
    const answer = answers[last];
    if (answer === undefined || at === null || typeof at !== "object" || Array.isArray(at)) throw new Error(`no answer for ${path}`);
    at[last] = answer;
  }
  return JSON.stringify(copy);
}

function errorPaths(text: string): string[] {
  const parsed = parseAgentFile(text);
  return parsed.ok ? [] : parsed.errors.map((e) => e.path);
}

describe("classFromAnnotations", () => {
  it("is read_only for a read-only hint (a transformation when its name says it computes), offered, nothing to confirm", () => {
    expect(classFromAnnotations({ readOnlyHint: true, openWorldHint: true }, "get_forecast")).toMatchObject({
      class: "read_only",
      offered: true,
      needsConfirmation: false,
      writes: false,
    });
    expect(classFromAnnotations({ readOnlyHint: true }, "convert_color")).toMatchObject({ class: "transformation", offered: true, writes: false });
  });
  it("never suggests a transformation for a tool that may change its environment, whatever its other hints", () => {
    // The knowledge-graph server's tools: additive, closed-world, and still writing to storage.
    const verdict = classFromAnnotations({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }, "create_entities");
    expect(verdict).toMatchObject({ class: "external_action", offered: false, needsConfirmation: true, outsideAction: "records", writes: true });
    expect(verdict.why).toContain("readOnlyHint is false");
  });
  it("is an external action, not offered, to confirm, when destructive or open-world; its name suggests what it does outside", () => {
    const destructive = classFromAnnotations({ readOnlyHint: false, destructiveHint: true, openWorldHint: false }, "delete_note");
    const openWorld = classFromAnnotations({ readOnlyHint: false, destructiveHint: false, openWorldHint: true }, "sendEmail");
    for (const verdict of [destructive, openWorld]) expect(verdict).toMatchObject({ class: "external_action", offered: false, needsConfirmation: true });
    expect([destructive.outsideAction, openWorld.outsideAction]).toEqual(["records", "send_messages"]);
    expect(destructive.why).toContain("may destroy or overwrite data");
    expect(openWorld.why).toContain("may reach outside its own systems");
    expect(classFromAnnotations({ readOnlyHint: false }, "zzqx").outsideAction).toBeNull();
  });
  it("takes MCP's defaults for unstated hints: a tool that says nothing is an external action", () => {
    const verdict = classFromAnnotations({}, "do_it");
    expect(verdict).toMatchObject({ class: "external_action", offered: false, needsConfirmation: true });
    expect(verdict.why).toContain("MCP then assumes it may change its environment");
  });
});

describe("suggestions awaiting confirmation", () => {
  // The tools of @modelcontextprotocol/server-memory, as it announces them.
  const memory = ["create_entities", "create_relations", "add_observations", "delete_entities", "read_graph", "search_nodes"].map((name) =>
    tool({
      name,
      title: null,
      description: `${name.replace("_", " ")} in the knowledge graph: entities, relations and observations kept in its memory file, records and audio notes alike.`,
      annotations:
        name.startsWith("read") || name.startsWith("search")
          ? { readOnlyHint: true }
          : { readOnlyHint: false, destructiveHint: name.startsWith("delete"), openWorldHint: false },
    }),
  );

  it("drafts a server that keeps data durable, its writing tools external actions on records, and no category from incidental words", () => {
    const { document, suggestions, toComplete } = draftFromTools(memory, { endpoint, serverInfo: { ...server, name: "memory-server", title: null } });
    expect(document.execution_mode).toBe("durable");
    const capabilities = Array.isArray(document.capabilities) ? document.capabilities : [];
    expect(
      capabilities.map((c) => (c !== null && typeof c === "object" && !Array.isArray(c) ? [c.tool, c.class, c.outside_action ?? "-", c.category] : null)),
    ).toEqual([
      ["create_entities", "external_action", "records", null],
      ["create_relations", "external_action", "records", null],
      ["add_observations", "external_action", "records", null],
      ["delete_entities", "external_action", "records", null],
      ["read_graph", "read_only", "-", null],
      // A tag's own word in its name: suggested, to confirm.
      ["search_nodes", "read_only", "-", "search"],
    ]);
    expect(toComplete.map((t) => t.path)).toContain("/capabilities/1/category");
    expect(suggestions.find((s) => s.path === "/execution_mode")).toMatchObject({ value: "durable", why: expect.stringContaining("create_entities") });
    expect(suggestions.map((s) => s.path)).toEqual(
      expect.arrayContaining(["/capabilities/0/class", "/capabilities/0/outside_action", "/capabilities/4/class"]),
    );
  });

  it("names each guess as a suggestion with why, and a read-only server storage-free", () => {
    const { document, suggestions } = draftFromTools([tool()], { endpoint, serverInfo: server });
    expect(document.execution_mode).toBe("storage_free");
    expect(suggestions).toEqual([
      { path: "/execution_mode", value: "storage_free", why: expect.stringContaining("readOnlyHint") },
      { path: "/capabilities/0/category", value: "weather", why: expect.stringContaining("#weather") },
      { path: "/capabilities/0/class", value: "read_only", why: expect.stringContaining("readOnlyHint") },
    ]);
  });
});

describe("exampleFromSchema", () => {
  it("takes the schema's own examples first", () => {
    expect(exampleFromSchema({ type: "object", examples: [{ city: "Paris" }], properties: { city: { type: "string", default: "Berlin" } } })).toEqual({
      city: "Paris",
    });
  });
  it("builds one from properties' examples, defaults and consts", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "number", examples: [2] }, b: { type: "string", default: "x" }, c: { const: true }, d: { type: "string" } },
      required: ["a"],
    };
    expect(exampleFromSchema(schema)).toEqual({ a: 2, b: "x", c: true });
  });
  it("gives none when a required property has no value, or the schema gives nothing", () => {
    expect(exampleFromSchema({ type: "object", properties: { a: { type: "string" }, b: { default: 1 } }, required: ["a"] })).toBeNull();
    expect(exampleFromSchema({ type: "object", properties: {} })).toBeNull();
  });
  it("drops an example the schema itself refuses", () => {
    expect(exampleFromSchema({ type: "object", properties: { n: { type: "integer", minimum: 5, default: 1 } } })).toBeNull();
  });
});

describe("draftFromTools", () => {
  it("fills a capability from a tool: name, summary, schemas, class, category, example from the schema", () => {
    const { document, tools } = draftFromTools([tool()], { endpoint, serverInfo: server });
    expect(document.adapter).toEqual({ endpoint });
    expect(document.agent).toMatchObject({ display_name: "Weather Server", handle: null });
    expect(document.capabilities).toEqual([
      {
        tool: "get_forecast",
        capability_id: "cap_get_forecast",
        name: "Weather forecast",
        summary: "Returns the weather forecast for a city for the next days.",
        category: "weather",
        limitations: null,
        class: "read_only",
        input_schema: tool().inputSchema,
        output_schema: tool().outputSchema,
        example: { input: { city: "Berlin" }, origin: "schema" },
      },
    ]);
    expect(tools[0]).toMatchObject({ capabilityId: "cap_get_forecast", hasExample: true, category: "weather" });
  });

  it("leaves exactly the toComplete paths invalid, and is a valid agent.json once they are written", () => {
    const tools = [
      tool(),
      tool({ name: "alert-zzq", title: null, description: "Short", outputSchema: null, annotations: { readOnlyHint: false, openWorldHint: true } }),
      tool({ name: "zzqx", title: null, description: "Does a thing nobody has a word for.", annotations: {} }),
    ];
    const { document, toComplete } = draftFromTools(tools, { endpoint, serverInfo: { ...server, title: null, name: "q" } });
    const wanted = toComplete.map((t) => t.path);
    expect(new Set(errorPaths(JSON.stringify(document)))).toEqual(new Set(wanted));
    expect(wanted).toEqual(
      expect.arrayContaining([
        "/agent/handle",
        "/agent/purpose",
        "/defaults/data/inputs/retention",
        "/defaults/data/results/retention",
        "/defaults/data/used_for_training",
        "/capabilities/0/limitations",
        "/capabilities/1/summary",
        "/capabilities/1/outside_action",
        "/capabilities/1/output_schema",
        "/capabilities/2/category",
      ]),
    );
    for (const item of toComplete) expect(item.why.length).toBeGreaterThan(10);
    expect(parseAgentFile(completed(document, toComplete))).toMatchObject({ ok: true });
  });

  it("marks destructive and open-world tools not offered and to be confirmed (listed only once confirmed)", () => {
    const { document, toComplete } = draftFromTools([tool({ annotations: { readOnlyHint: false, destructiveHint: true } })], { endpoint, serverInfo: server });
    expect(document.capabilities).toEqual([
      expect.objectContaining({ class: "external_action", offered: false, needs_confirmation: true, outside_action: null }),
    ]);
    const parsed = parseAgentFile(completed(document, toComplete));
    expect(parsed.ok && parsed.agent.capabilities[0]?.listed).toBe(false);
  });

  it("makes valid, unique capability IDs from any tool names", () => {
    const names = ["get-sum", "getSum", "get_sum", "X", "Ünïcode tool!", "a".repeat(60)];
    const { document } = draftFromTools(
      names.map((name) => tool({ name })),
      { endpoint, serverInfo: server },
    );
    const ids = Array.isArray(document.capabilities)
      ? document.capabilities.map((c) => (c !== null && typeof c === "object" && !Array.isArray(c) ? c.capability_id : null))
      : [];
    expect(ids.slice(0, 3)).toEqual(["cap_get_sum", "cap_get_sum_2", "cap_get_sum_3"]);
    for (const id of ids) expect(typeof id === "string" && CAPABILITY_ID_PATTERN.test(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("cuts a long description at a word to fit the summary's 300 characters", () => {
    const { document } = draftFromTools([tool({ description: "word ".repeat(100) })], { endpoint, serverInfo: server });
    const [capability] = Array.isArray(document.capabilities) ? document.capabilities : [];
    const summary = capability !== null && typeof capability === "object" && !Array.isArray(capability) ? capability.summary : null;
    expect(typeof summary === "string" && summary.length <= 300 && summary.endsWith("word…")).toBe(true);
  });
});

describe("readConnectedTools", () => {
  it("refuses a tool list it cannot use, in words", () => {
    expect(readConnectedTools([{ name: "", inputSchema: {} }])).toEqual({
      ok: false,
      message: "The server's tool list is not valid: tool 1 name has no name.",
    });
    expect(
      readConnectedTools([
        { name: "a", inputSchema: {} },
        { name: "a", inputSchema: {} },
      ]),
    ).toMatchObject({ ok: false, message: expect.stringContaining('"a" twice') });
    expect(readConnectedTools([{ name: "a", inputSchema: "x" }])).toMatchObject({
      ok: false,
      message: expect.stringContaining("inputSchema must be a JSON object"),
    });
  });
});

describe("diffTools", () => {
  it("says which tools are new, changed (and how) or removed, by name", () => {
    const before = [tool(), tool({ name: "old_tool" }), tool({ name: "steady" })];
    const { document } = draftFromTools(before, { endpoint, serverInfo: server });
    const after = [
      tool({ inputSchema: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } }, annotations: { readOnlyHint: false } }),
      tool({ name: "steady", inputSchema: { ...tool().inputSchema, $schema: "http://json-schema.org/draft-07/schema#" } }),
      tool({ name: "new_tool" }),
    ];
    const diff = diffTools(document, after);
    expect(diff.added).toEqual(["new_tool"]);
    expect(diff.removed).toEqual(["old_tool"]);
    expect(diff.unchanged).toEqual(["steady"]);
    expect(diff.changed).toEqual([
      {
        tool: "get_forecast",
        capabilityIds: ["cap_get_forecast"],
        changes: [
          { field: "input_schema", words: expect.any(String) },
          { field: "annotations", words: "Its annotations now suggest external_action; your agent.json says read_only." },
        ],
      },
    ]);
    expect(diffTools(document, [tool({ description: "Something else entirely now." }), ...before.slice(1)]).changed[0]?.changes).toEqual([
      { field: "description", words: expect.any(String) },
    ]);
  });
});
