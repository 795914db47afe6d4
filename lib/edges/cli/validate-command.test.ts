import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "./main";
import { runValidate } from "./validate-command";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { fakeCliIo } from "@/lib/testing/cli-io";

const VALID = JSON.stringify(minimalAgentFile());
const INVALID = JSON.stringify(minimalAgentFile({ ekl: "2.0", extra: true }));

describe("explore validate", () => {
  it("prints ok and returns 0 when every file is valid", async () => {
    const t = fakeCliIo({ "a.json": VALID, "b.json": VALID });
    expect(await runValidate(["a.json", "b.json"], t.io)).toBe(0);
    expect(t.stdout()).toBe("a.json: ok\nb.json: ok\n");
    expect(t.stderr()).toBe("");
  });

  it("prints each error under its file and returns 1 when any file is invalid", async () => {
    const t = fakeCliIo({ "a.json": VALID, "bad.json": INVALID, "broken.json": "{" });
    expect(await runValidate(["a.json", "bad.json", "broken.json"], t.io)).toBe(1);
    expect(t.stdout()).toBe(
      [
        "a.json: ok",
        "bad.json:",
        '  /ekl: must be "1.0"',
        '  /extra: "extra" is not an allowed field here',
        "broken.json:",
        "  /: not valid JSON: unexpected end of input at line 1, column 2",
        "",
      ].join("\n"),
    );
  });

  it("answers a document nested 10,000 deep and one with NUL in words, with exit code 1", async () => {
    const deep = VALID.replace('"capabilities":[{', '"capabilities":[{"input_schema":' + '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000) + ",");
    const nul = VALID.replace('"Homes"', '"Ho\\u0000mes"');
    const t = fakeCliIo({ "deep.json": deep, "nul.json": nul });
    expect(await runValidate(["deep.json", "nul.json"], t.io)).toBe(1);
    expect(t.stdout()).toBe(
      [
        "deep.json:",
        `  /capabilities/0/input_schema${"/a".repeat(61)}: is nested too deeply: an agent.json may nest objects and lists at most 64 levels deep`,
        "nul.json:",
        "  /agent/display_name: contains the NUL character (\\u0000), which Explore cannot store; remove it",
        "",
      ].join("\n"),
    );
  });

  it("prints one JSON object per file with --json", async () => {
    const t = fakeCliIo({ "a.json": VALID, "bad.json": INVALID });
    expect(await runValidate(["--json", "a.json", "bad.json"], t.io)).toBe(1);
    const lines = t
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { file: "a.json", valid: true, errors: [] },
      {
        file: "bad.json",
        valid: false,
        errors: [
          { path: "/ekl", message: 'must be "1.0"' },
          { path: "/extra", message: '"extra" is not an allowed field here' },
        ],
      },
    ]);
  });

  it("returns 2 on usage errors", async () => {
    const none = fakeCliIo({});
    expect(await runValidate([], none.io)).toBe(2);
    expect(none.stderr()).toContain("usage: explore validate");
    const flag = fakeCliIo({ "a.json": VALID });
    expect(await runValidate(["a.json", "--strict"], flag.io)).toBe(2);
    expect(flag.stderr()).toContain("unknown option --strict");
    expect(flag.stdout()).toBe("");
  });

  it("returns 2 when a file cannot be read, after checking the others", async () => {
    const t = fakeCliIo({ "bad.json": INVALID });
    expect(await runValidate(["missing.json", "bad.json"], t.io)).toBe(2);
    expect(t.stderr()).toBe("explore validate: cannot read missing.json: no such file\n");
    expect(t.stdout()).toContain("bad.json:");
  });

  it("treats arguments after -- as files", async () => {
    const t = fakeCliIo({ "--json": VALID });
    expect(await runValidate(["--", "--json"], t.io)).toBe(0);
    expect(t.stdout()).toBe("--json: ok\n");
  });
});

describe("explore (main)", () => {
  it("dispatches validate and refuses unknown commands", async () => {
    const t = fakeCliIo({ "a.json": VALID });
    expect(await main(["validate", "a.json"], t.io)).toBe(0);
    expect(t.stdout()).toBe("a.json: ok\n");
    const unknown = fakeCliIo({});
    expect(await main(["frobnicate", "x"], unknown.io)).toBe(2);
    expect(unknown.stderr()).toContain("unknown command frobnicate");
    expect(await main([], fakeCliIo({}).io)).toBe(2);
  });

  it("runs as bin/explore.mjs from another directory with an absolute path", async () => {
    const dir = await mkdtemp(join(tmpdir(), "explore-validate-"));
    try {
      const file = join(dir, "agent.json");
      await writeFile(file, VALID);
      const bin = fileURLToPath(new URL("../../../bin/explore.mjs", import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, [bin, "validate", file], { cwd: tmpdir() });
      expect(stdout).toBe(`${file}: ok\n`);
      await writeFile(file, INVALID);
      const failed = await promisify(execFile)(process.execPath, [bin, "validate", "--json", "agent.json"], { cwd: dir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({ code: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
