import { describe, expect, it } from "vitest";
import { minimalAgentFile } from "@/lib/agent-file/fixtures";
import { convertDocument, convertText } from "./convert";
import { detectFormat } from "./detect";
import { readJsonFixture } from "./testing";

const entry = () => readJsonFixture(new URL("./ga4gh/fixtures/agent-entry.json", import.meta.url));
const registration = () => readJsonFixture(new URL("./a2awire/fixtures/registration.json", import.meta.url));

describe("detecting a document's format", () => {
  it("tells agent.json, GA4GH entries, A2AWire registrations and A2A cards apart, even incomplete ones", () => {
    expect(detectFormat(minimalAgentFile())).toBe("agent_json");
    expect(detectFormat({ agent: { handle: "@x" }, capabilities: [{}] })).toBe("agent_json");
    expect(detectFormat(entry())).toBe("ga4gh_entry");
    expect(detectFormat({ type: "agent", record: {} })).toBe("ga4gh_entry");
    expect(detectFormat({ agent_info_uri: "https://x.example/service-info" })).toBe("ga4gh_entry");
    expect(detectFormat(registration())).toBe("a2awire");
    expect(detectFormat({ capability_manifest: [] })).toBe("a2awire");
    expect(detectFormat({ name: "Card", url: "https://a2a.example/", skills: [] })).toBe("a2a_card");
    expect(detectFormat({ protocolVersion: "0.3.0" })).toBe("a2a_card");
    // A2AWire's capabilities are strings; an agent.json's are objects.
    expect(detectFormat({ capabilities: ["translation"] })).toBe("unknown");
    for (const other of [{}, [], "text", 3, null, { hello: "world" }]) expect(detectFormat(other)).toBe("unknown");
  });

  it("an unknown document gets a clear message; text that is not JSON is the agent.json import's to refuse", () => {
    const unknown = convertDocument({ hello: "world" });
    expect(unknown).toEqual({ kind: "unknown", message: expect.stringContaining("neither an agent.json nor an A2A agent card, a GA4GH registry agent entry or an A2AWire registration") });
    expect(convertText("{ not json")).toEqual({ kind: "agent_json" });
    expect(convertText(JSON.stringify(minimalAgentFile()))).toEqual({ kind: "agent_json" });
  });

  it("dispatches each format to its converter; a GA4GH entry also yields its registry parts", () => {
    const ga4gh = convertText(JSON.stringify(entry()));
    expect(ga4gh).toMatchObject({ kind: "foreign", conversion: { ok: true, format: "ga4gh_entry" }, registry: { agentInfoUri: "https://consent-checker.example.org/service-info" } });
    const wire = convertText(JSON.stringify(registration()));
    expect(wire).toMatchObject({ kind: "foreign", conversion: { ok: true, format: "a2awire" }, registry: null });
    const card = convertText(JSON.stringify({ name: "Card", skills: [] }));
    expect(card).toMatchObject({ kind: "foreign", conversion: { format: "a2a_card" } });
  });

  it("refuses what PostgreSQL cannot store, at its path, before converting", () => {
    const doc = entry();
    (doc.agent_info_snapshot as Record<string, unknown>).agent_type = "bad\u0000type";
    expect(convertDocument(doc)).toEqual({
      kind: "foreign",
      registry: null,
      conversion: { ok: false, format: "ga4gh_entry", problems: [{ path: "agent_info_snapshot.agent_type", message: expect.stringContaining("cannot store") }] },
    });
  });

  it("refuses a field name the database client cannot write, on the object that has it", () => {
    const text = JSON.stringify(entry()).replace('"agent_info_snapshot":{', '"agent_info_snapshot":{"__proto__":{"x":1},');
    const read = convertText(text);
    expect(read).toMatchObject({ kind: "foreign", conversion: { ok: false, problems: [{ path: "agent_info_snapshot", message: expect.stringContaining('"__proto__"') }] } });
  });
});
