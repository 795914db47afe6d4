import { describe, expect, it } from "vitest";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { checkDraftText } from "./draft-check";

// The editor's check: every error in one pass, schema and Explore's rules together, each at its place in the text.

describe("checkDraftText", () => {
  it("reports schema and rule errors at once, each with its line and column", () => {
    const document = minimalAgentFile({
      data_declared: false,
      capabilities: [
        minimalCapability({ summary: "Short" }),
        minimalCapability({ tool: "second", capability_id: "cap_second", content_rating: "mature" }),
        minimalCapability({ tool: "third", capability_id: "cap_third", category: "nosuchtag" }),
      ],
    });
    const text = JSON.stringify(document, null, 2);
    const { errors, agent } = checkDraftText(text);
    expect(agent).toBeNull();
    const paths = errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/capabilities/0/summary", "/capabilities/1/mature_reasons", "/capabilities/2/category"]));
    const summary = errors.find((e) => e.path === "/capabilities/0/summary");
    expect(summary && text.slice(summary.from, summary.to)).toBe('"Short"');
    const lines = text.split("\n");
    expect(summary && lines[summary.line - 1]?.slice(summary.column - 1)).toBe('"Short",');
    const category = errors.find((e) => e.path === "/capabilities/2/category");
    expect(category && text.slice(category.from, category.to)).toBe('"nosuchtag"');
    // A missing field points at the object that should hold it.
    const reasons = errors.find((e) => e.path === "/capabilities/1/mature_reasons");
    expect(reasons && text[reasons.from]).toBe("{");
  });

  it("says where a syntax error is, alone", () => {
    const text = '{\n  "ekl": "1.0",\n  "mode" "service_provider"\n}';
    const { errors, agent } = checkDraftText(text);
    expect(agent).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ syntax: true, line: 3, column: 10, message: expect.stringContaining("line 3, column 10") });
  });

  it("refuses every draft that does not say how it handles data, at the fields that should say it, until it does or says data_declared: false", () => {
    // A valid agent.json (agent.json allows silence), as an A2A card's draft was once completed.
    const silent = minimalAgentFile({
      capabilities: [minimalCapability(), minimalCapability({ tool: "own", capability_id: "cap_own", data: { inputs: {} } })],
    });
    const text = JSON.stringify(silent, null, 2);
    const { errors, agent } = checkDraftText(text);
    expect(agent).toBeNull();
    expect(errors.map((e) => e.path)).toEqual([
      "/defaults/data/inputs/retention",
      "/defaults/data/results/retention",
      "/defaults/data/used_for_training",
      "/capabilities/1/data/inputs/retention",
    ]);
    expect(errors[0]?.message).toContain("Every draft declares how it handles data");
    // Placed at the object that should hold the answer: the document's top, with no defaults yet.
    expect(text[errors[0]?.from ?? -1]).toBe("{");
    const declared = {
      ...silent,
      defaults: { data: { inputs: { retention: "none" }, results: { retention: "retained", days: 7 }, used_for_training: false } },
    };
    expect(checkDraftText(JSON.stringify(declared)).errors.map((e) => e.path)).toEqual(["/capabilities/1/data/inputs/retention"]);
    expect(checkDraftText(JSON.stringify({ ...silent, data_declared: false })).errors).toEqual([]);
    // A null answer is the schema's error, named once.
    const nulls = {
      ...silent,
      capabilities: [minimalCapability()],
      defaults: { data: { inputs: { retention: null }, results: { retention: "none" }, used_for_training: false } },
    };
    expect(checkDraftText(JSON.stringify(nulls)).errors.map((e) => e.path)).toEqual(["/defaults/data/inputs/retention"]);
  });

  it("gives the normalised agent of a valid draft, and no errors", () => {
    const { errors, agent } = checkDraftText(JSON.stringify(minimalAgentFile({ data_declared: false })));
    expect(errors).toEqual([]);
    expect(agent?.handle).toBe("@homes");
  });
});
