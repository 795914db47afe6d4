import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import seedCard from "./a2a-card/fixtures/seed-002-keai.json";
import specCard from "./a2a-card/fixtures/spec-shape-card.json";
import { convertDocument, convertText, draftTextOf } from "./convert";
import { detectFormat } from "./detect";
import { completed, readJsonFixture } from "./testing";

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
    expect(unknown).toEqual({
      kind: "unknown",
      message: expect.stringContaining("neither an agent.json nor an A2A agent card, a GA4GH registry agent entry or an A2AWire registration"),
    });
    expect(convertText("{ not json")).toEqual({ kind: "agent_json" });
    expect(convertText(JSON.stringify(minimalAgentFile()))).toEqual({ kind: "agent_json" });
  });

  it("dispatches each format to its converter; a GA4GH entry also yields its registry parts", () => {
    const ga4gh = convertText(JSON.stringify(entry()));
    expect(ga4gh).toMatchObject({
      kind: "foreign",
      conversion: { ok: true, format: "ga4gh_entry" },
      registry: { agentInfoUri: "https://consent-checker.example.org/service-info" },
    });
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
      conversion: {
        ok: false,
        format: "ga4gh_entry",
        problems: [{ path: "agent_info_snapshot.agent_type", message: expect.stringContaining("cannot store") }],
      },
    });
  });

  it("refuses a field name the database client cannot write, on the object that has it", () => {
    const text = JSON.stringify(entry()).replace('"agent_info_snapshot":{', '"agent_info_snapshot":{"__proto__":{"x":1},');
    const read = convertText(text);
    expect(read).toMatchObject({
      kind: "foreign",
      conversion: { ok: false, problems: [{ path: "agent_info_snapshot", message: expect.stringContaining('"__proto__"') }] },
    });
  });
});

/** "capabilities[0].class" → "/capabilities/0/class": a conversion's path as the check's JSON Pointer. */
const pointerOf = (path: string) =>
  `/${path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .join("/")}`;
const within = (error: string, pointer: string) => error === pointer || error.startsWith(`${pointer}/`);

describe("one rule for every draft made from another format", () => {
  const documents: [string, unknown][] = [
    ["an A2A 0.3 card (seed 002)", seedCard],
    ["an A2A 1.0 card", specCard],
    ["a GA4GH entry", entry()],
    ["an A2AWire registration", registration()],
    ["an A2AWire registration without a manifest", { ...registration(), capability_manifest: [] }],
  ];

  it.each(documents)("%s: the check refuses the draft at exactly the paths its banner asks for, and accepts it once they are written", (_, document) => {
    const read = convertDocument(document);
    if (read.kind !== "foreign" || !read.conversion.ok) throw new Error(`expected a conversion, got ${JSON.stringify(read)}`);
    const { agentFile, toComplete } = read.conversion;
    const asked = toComplete.map((t) => pointerOf(t.path));
    expect(asked).toContain("/defaults/data");
    const parsed = parseAgentFile(draftTextOf(agentFile));
    const errors = parsed.ok ? [] : parsed.errors.map((e) => e.path);
    // Nothing the banner asks for passes unwritten ("No problems" with a data declaration still to make)…
    for (const pointer of asked)
      expect(
        errors.some((e) => within(e, pointer)),
        `${pointer} among ${errors.join(", ")}`,
      ).toBe(true);
    // …and the check asks for nothing the banner does not name.
    for (const error of errors)
      expect(
        asked.some((pointer) => within(error, pointer)),
        error,
      ).toBe(true);
    expect(parseAgentFile(draftTextOf(completed(agentFile, toComplete)))).toMatchObject({ ok: true });
  });
});
