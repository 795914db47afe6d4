import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import { completed, jsonBlocksOf, readJsonFixture } from "@/lib/domain/formats/testing";
import { a2awireToAgentFile } from "./to-agent-file";

// Seed 003 (A2AWire's schemas page) is the fixture: its RegisterToolInput schema checks the example payload.
const seedSchema = jsonBlocksOf(new URL("./fixtures/seed-003-registration.txt", import.meta.url)).find((b) => b.title === "RegisterToolInput");
const payload = () => readJsonFixture(new URL("./fixtures/registration.json", import.meta.url));

function seedValidator() {
  if (!seedSchema) throw new Error("seed 003 has no RegisterToolInput schema");
  return new Ajv2020({ allErrors: true, strict: false }).compile(seedSchema);
}

describe("A2AWire registration → agent.json draft", () => {
  it("the fixture payload is valid for seed 003's own schema, and for ours", () => {
    const validate = seedValidator();
    expect(validate(payload()), JSON.stringify(validate.errors)).toBe(true);
    expect(a2awireToAgentFile(payload()).ok).toBe(true);
  });

  it("each capability_manifest entry becomes a capability, the per-call price a per_call plan", () => {
    const conversion = a2awireToAgentFile(payload());
    if (!conversion.ok) throw new Error(JSON.stringify(conversion.problems));
    expect(conversion.agentFile).toMatchObject({
      agent: { handle: "@tide-tables", display_name: "Tide Tables", purpose: "Answers questions about tides and moon phases for harbours worldwide." },
      adapter: { endpoint: null },
      capabilities: [
        {
          tool: "tide_forecast",
          name: "Tide forecast",
          summary: "High and low tides for a harbour over the next seven days.",
          tags: ["weather"],
          input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
          plans: [{ type: "per_call", price_usd: 0.05 }],
          example: { input: { text: "Tides in Brest tomorrow" }, problem: "Tides in Brest tomorrow" },
        },
        {
          tool: "moon_phase",
          name: "Moon phase",
          summary: null,
          input_schema: { type: "object" },
          example: { input: {}, problem: "Moon phase on 2027-01-01" },
        },
      ],
    });
    const paths = conversion.toComplete.map((t) => t.path);
    expect(paths).toEqual(
      expect.arrayContaining(["adapter.endpoint", "payment.link", "capabilities[0].class", "capabilities[1].summary", "capabilities[1].example.input"]),
    );
    expect(paths).not.toContain("capabilities[0].summary");
    const notes = conversion.notes.join("\n");
    expect(notes).toContain("no-such-tag-anywhere");
    expect(notes).toContain("https://tides.example.net/a2a");
    expect(notes).toContain("When is low tide in Dover");
    expect(parseAgentFile(JSON.stringify(conversion.agentFile)).ok).toBe(false);
    const filled = parseAgentFile(JSON.stringify(completed(conversion.agentFile, conversion.toComplete)));
    expect(filled.ok, JSON.stringify(filled)).toBe(true);
  });

  it("a minimal registration (no name, no manifest) leaves the whole agent to complete", () => {
    const conversion = a2awireToAgentFile({ capability_manifest: null, description: null });
    if (!conversion.ok) throw new Error(JSON.stringify(conversion.problems));
    expect(conversion.toComplete.map((t) => t.path)).toEqual(
      expect.arrayContaining(["agent.handle", "agent.display_name", "agent.purpose", "capabilities[0].tool"]),
    );
    expect(parseAgentFile(JSON.stringify(completed(conversion.agentFile, conversion.toComplete))).ok).toBe(true);
  });

  it("bad input: every problem at its path in the payload, in words, and no agent.json at all", () => {
    const doc = payload();
    const manifest = doc.capability_manifest as Record<string, unknown>[];
    manifest[0] = { ...manifest[0], name: "" };
    manifest[1] = { ...manifest[1], example_tasks: "one task" };
    doc.price_per_call = 250;
    doc.channel = "Hacker News";
    doc.favourite_colour = "blue";
    const conversion = a2awireToAgentFile(doc);
    expect(conversion).not.toHaveProperty("agentFile");
    if (conversion.ok) throw new Error("accepted");
    const byPath = Object.fromEntries(conversion.problems.map((p) => [p.path, p.message]));
    expect(byPath).toMatchObject({
      "": expect.stringContaining("favourite_colour"),
      "capability_manifest[0].name": "must not be empty",
      "capability_manifest[1].example_tasks": "must be a list, not a string",
      price_per_call: "must be more than 0 and at most 100 (USDC per call)",
      channel: "must be a short lowercase slug such as hacker-news",
    });
    expect(seedValidator()({ ...doc, price_per_call: 1 })).toBe(false);
  });
});
