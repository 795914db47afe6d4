import { describe, expect, it } from "vitest";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { runImport } from "./import-command";
import { fakeCliIo } from "@/lib/testing/cli-io";

describe("explore import", () => {
  it("refuses a document nested 10,000 deep or carrying NUL in words, with exit code 1, before touching the database", async () => {
    const valid = JSON.stringify(minimalAgentFile());
    const deep = valid.replace('"capabilities":[{', '"capabilities":[{"input_schema":' + '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000) + ",");
    const t = fakeCliIo({ "deep.json": deep, "nul.json": valid.replace('"Homes"', '"Ho\\u0000mes"') });
    expect(await runImport(["deep.json", "--owner", "nobody@import.test"], t.io)).toBe(1);
    expect(await runImport(["nul.json", "--owner", "nobody@import.test"], t.io)).toBe(1);
    expect(t.stderr()).toBe(
      [
        "deep.json: the agent.json is invalid; nothing was imported.",
        `  /capabilities/0/input_schema${"/a".repeat(61)}: is nested too deeply: an agent.json may nest objects and lists at most 64 levels deep`,
        "nul.json: the agent.json is invalid; nothing was imported.",
        "  /agent/display_name: contains the NUL character (\\u0000), which Explore cannot store; remove it",
        "",
      ].join("\n"),
    );
    expect(t.stdout()).toBe("");
  });
});
