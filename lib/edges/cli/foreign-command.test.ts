import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import { fakeCliIo } from "@/lib/testing/cli-io";
import { main } from "./main";
import { runImport } from "./import-command";
import { runValidate } from "./validate-command";

// `explore validate` and `explore import` with a document in another format: they say which format it is
// and what it lacks, path by path; `validate --out` writes the converted agent.json to complete.

const ENTRY = readFileSync(new URL("../../domain/formats/ga4gh/fixtures/agent-entry.json", import.meta.url), "utf8");
const WIRE = readFileSync(new URL("../../domain/formats/a2awire/fixtures/registration.json", import.meta.url), "utf8");

describe("explore validate with another format", () => {
  it("names the format and lists what to complete, at agent.json paths; exit 1", async () => {
    const t = fakeCliIo({ "entry.json": ENTRY, "wire.json": WIRE });
    expect(await runValidate(["entry.json", "wire.json"], t.io)).toBe(1);
    const out = t.stdout();
    expect(out).toContain("entry.json: a GA4GH registry agent entry, not an agent.json; converted, with");
    expect(out).toContain("  adapter.endpoint: A registry entry names the agent's agent-info endpoint");
    expect(out).toContain("  capabilities[0].class: read_only, transformation or external_action");
    expect(out).toContain("wire.json: an A2AWire registration, not an agent.json; converted");
    expect(out).toContain("  payment.link:");
    expect(out).toContain("Write the converted agent.json with --out FILE");
  });

  it("a bad foreign document: its problems at their paths in that document", async () => {
    const bad = JSON.stringify({ ...JSON.parse(WIRE), capability_manifest: [{ name: "" }] });
    const t = fakeCliIo({ "bad.json": bad, "odd.json": '{"hello":"world"}' });
    expect(await runValidate(["bad.json", "odd.json"], t.io)).toBe(1);
    expect(t.stdout()).toBe(
      [
        "bad.json: an A2AWire registration, not an agent.json; it cannot be converted:",
        "  capability_manifest[0].name: must not be empty",
        'odd.json: This document (an object) is not one Explore can import: it is neither an agent.json nor an A2A agent card, a GA4GH registry agent entry or an A2AWire registration. An agent.json starts with "ekl": "1.0".',
        "",
      ].join("\n"),
    );
  });

  it("--out writes the converted agent.json, which validates once the listed fields are completed", async () => {
    const t = fakeCliIo({ "entry.json": ENTRY });
    expect(await runValidate(["entry.json", "--out", "agent.json"], t.io)).toBe(1);
    const written = t.written["agent.json"];
    expect(written).toBeDefined();
    expect(JSON.parse(written ?? "")).toMatchObject({ agent: { handle: "@cohort-consent-checker" }, adapter: { endpoint: null } });
    expect(parseAgentFile(written ?? "").ok).toBe(false);
    expect(t.stdout()).toContain("The converted agent.json was written to agent.json");
    // Never over an existing file; one file at a time.
    const again = fakeCliIo({ "entry.json": ENTRY, "agent.json": "{}" });
    expect(await runValidate(["entry.json", "--out", "agent.json"], again.io)).toBe(2);
    expect(again.stderr()).toContain("cannot write agent.json: it already exists");
    expect(await runValidate(["entry.json", "entry.json", "--out", "x.json"], fakeCliIo({ "entry.json": ENTRY }).io)).toBe(2);
  });

  it("--json: one line per file with the format and what to complete", async () => {
    const t = fakeCliIo({ "entry.json": ENTRY });
    expect(await runValidate(["entry.json", "--json"], t.io)).toBe(1);
    const line = JSON.parse(t.stdout()) as { valid: boolean; format: string; to_complete: { path: string }[] };
    expect(line).toMatchObject({ file: "entry.json", valid: false, format: "ga4gh_entry", errors: [] });
    expect(line.to_complete.map((c) => c.path)).toContain("adapter.endpoint");
  });

  it("through the real file system (main's own io): --out creates the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "explore-foreign-"));
    try {
      await writeFile(join(dir, "wire.json"), WIRE);
      const code = await main(["validate", join(dir, "wire.json"), "--out", join(dir, "agent.json")], {
        ...fakeCliIo({}).io,
        readFile: (p) => readFile(p, "utf8"),
        writeFile: (p, text) => writeFile(p, text, { flag: "wx" }),
      });
      expect(code).toBe(1);
      expect(JSON.parse(await readFile(join(dir, "agent.json"), "utf8"))).toMatchObject({ capabilities: [{ name: "Tide forecast" }, { name: "Moon phase" }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("explore import with another format", () => {
  it("imports nothing, says what the document is, and how to convert it", async () => {
    const t = fakeCliIo({ "entry.json": ENTRY });
    expect(await runImport(["entry.json", "--owner", "nobody@foreign.test"], t.io)).toBe(1);
    const err = t.stderr();
    expect(err).toContain("entry.json: nothing was imported.");
    expect(err).toContain("a GA4GH registry agent entry, not an agent.json");
    expect(err).toContain("explore validate entry.json --out FILE");
    expect(t.stdout()).toBe("");
  });
});
