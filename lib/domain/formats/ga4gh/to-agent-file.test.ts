import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import { completed, jsonBlocksOf, readJsonFixture } from "@/lib/domain/formats/testing";
import { ga4ghEntryToAgentFile, registryPartsOf } from "./to-agent-file";

// Seed 001 (the agent entry's page, its raw schema included) is the fixture; the entry core it composes is a
// stand-in written from the public core specification's field reference.
const seedSchema = jsonBlocksOf(new URL("./fixtures/seed-001-agent-entry.txt", import.meta.url)).find((b) => b.title === "GA4GH AI Registry: agent entry (v1)");
const coreSchema = JSON.parse(readFileSync(new URL("./fixtures/entry-core.v1.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const entry = () => readJsonFixture(new URL("./fixtures/agent-entry.json", import.meta.url));

function seedValidator() {
  if (!seedSchema) throw new Error("seed 001 has no raw schema");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(coreSchema);
  return ajv.compile(seedSchema);
}

describe("GA4GH registry agent entry → agent.json draft", () => {
  it("the fixture entry is valid for seed 001's own schema, and for ours", () => {
    const validate = seedValidator();
    expect(validate(entry()), JSON.stringify(validate.errors)).toBe(true);
    expect(ga4ghEntryToAgentFile(entry()).ok).toBe(true);
  });

  it("maps the entry core and agent_info fields to the profile, and lists what agent.json needs and the entry lacks", () => {
    const conversion = ga4ghEntryToAgentFile(entry());
    if (!conversion.ok) throw new Error(JSON.stringify(conversion.problems));
    expect(conversion.format).toBe("ga4gh_entry");
    expect(conversion.agentFile).toMatchObject({
      ekl: "1.0",
      agent: {
        handle: "@cohort-consent-checker",
        display_name: "Cohort Consent Checker",
        purpose: "Checks a research request against the data-use conditions of each cohort it names.",
        interests: ["data-use", "consent", "duo"],
        website: "https://consent-checker.example.org/",
      },
      adapter: { endpoint: null },
      capabilities: [
        { tool: "check_consent", name: "check-consent", version: "1.2.0", class: null },
        { tool: "explain_duo_code", name: "explain-duo-code", version: "1.2.0", class: null },
      ],
    });
    const paths = conversion.toComplete.map((t) => t.path);
    expect(paths).toEqual(
      expect.arrayContaining(["adapter.endpoint", "defaults.data", "capabilities[0].class", "capabilities[1].limitations", "capabilities[1].summary"]),
    );
    expect(conversion.notes.join(" ")).toContain("https://consent-checker.example.org/service-info");
    // As converted it is not yet an agent.json; with exactly the listed fields completed, it is.
    expect(parseAgentFile(JSON.stringify(conversion.agentFile)).ok).toBe(false);
    const filled = parseAgentFile(JSON.stringify(completed(conversion.agentFile, conversion.toComplete)));
    expect(filled.ok, JSON.stringify(filled)).toBe(true);
  });

  it("an entry declaring no capabilities gets one blank service to complete, tool and name included", () => {
    const doc = entry();
    const snapshot = doc.agent_info_snapshot as Record<string, unknown>;
    delete snapshot.auo_capabilities;
    const conversion = ga4ghEntryToAgentFile(doc);
    if (!conversion.ok) throw new Error("refused");
    expect(conversion.toComplete.map((t) => t.path)).toEqual(expect.arrayContaining(["capabilities[0].tool", "capabilities[0].name"]));
    expect(parseAgentFile(JSON.stringify(completed(conversion.agentFile, conversion.toComplete))).ok).toBe(true);
  });

  it("keeps the snapshot, the agent-info URI and the entry core for the registry record", () => {
    const parts = registryPartsOf(entry());
    expect(parts?.agentInfoUri).toBe("https://consent-checker.example.org/service-info");
    expect(parts?.snapshot.enrichment.gasl_level).toBe(1);
    expect(parts?.entryCore).toMatchObject({ id: "cohort-consent-checker", license: "MIT", certification_tier: "community_signed" });
    expect(parts?.entryCore).not.toHaveProperty("agent_info_snapshot");
  });

  it("bad input: every problem at its path in the entry, in words, and no agent.json at all", () => {
    const doc = entry();
    const snapshot = doc.agent_info_snapshot as Record<string, Record<string, unknown>>;
    snapshot.enrichment = { trust_tier: "famous", gasl_level: 7 };
    (doc.maintainers as Record<string, unknown>[])[1] = { name: "Ben", github: "@ben" };
    doc.homepage = "not a url";
    doc.extra_field = true;
    delete doc.record;
    const conversion = ga4ghEntryToAgentFile(doc);
    expect(conversion.ok).toBe(false);
    expect(conversion).not.toHaveProperty("agentFile");
    if (conversion.ok) return;
    const byPath = Object.fromEntries(conversion.problems.map((p) => [p.path, p.message]));
    expect(byPath).toMatchObject({
      "": expect.stringContaining("extra_field"),
      homepage: "must be a URL such as https://example.org/",
      record: "is required but missing",
      "maintainers[1].github": "must be a GitHub user name without a leading @",
      "agent_info_snapshot.enrichment.gasl_level": "must be at most 4",
      "agent_info_snapshot.enrichment.trust_tier": expect.stringContaining('"registered"'),
    });
    // The seed's schema refuses the same document.
    expect(seedValidator()(doc)).toBe(false);
  });

  it("license other needs its license_url, as the core specification says", () => {
    const conversion = ga4ghEntryToAgentFile({ ...entry(), license: "other" });
    expect(conversion.ok ? [] : conversion.problems).toEqual([{ path: "license_url", message: 'is required when license is "other"' }]);
  });
});
