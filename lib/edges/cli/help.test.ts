import { describe, expect, it } from "vitest";
import { fakeCliIo } from "@/lib/testing/cli-io";
import { main } from "./main";
import { ANNOUNCE_USAGE, IMPORT_USAGE, STRIPE_EVENT_USAGE, USAGE, VALIDATE_USAGE } from "./usage";

// `--help` (or `-h`) prints the usage on stdout and exits 0, for every command and for `explore` itself.

async function run(...argv: string[]) {
  const t = fakeCliIo({});
  const code = await main(argv, t.io);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

describe("explore --help", () => {
  it("explore --help, -h and help print the commands and exit 0", async () => {
    for (const flag of ["--help", "-h", "help"]) {
      const answer = await run(flag);
      expect(answer, flag).toEqual({ code: 0, stdout: USAGE, stderr: "" });
    }
    for (const command of ["validate", "import", "stripe-event", "announce"]) expect(USAGE).toContain(`  ${command} `);
  });

  it("explore validate --help prints its usage and exits 0", async () => {
    expect(await run("validate", "--help")).toEqual({ code: 0, stdout: VALIDATE_USAGE, stderr: "" });
    expect(await run("validate", "agent.json", "-h")).toEqual({ code: 0, stdout: VALIDATE_USAGE, stderr: "" });
  });

  it("explore import --help prints its usage and exits 0, before the database is needed", async () => {
    expect(await run("import", "--help")).toEqual({ code: 0, stdout: IMPORT_USAGE, stderr: "" });
    expect(await run("import", "agent.json", "--owner", "a@b.test", "-h")).toEqual({ code: 0, stdout: IMPORT_USAGE, stderr: "" });
  });

  it("explore stripe-event --help prints its usage and exits 0", async () => {
    expect(await run("stripe-event", "--help")).toEqual({ code: 0, stdout: STRIPE_EVENT_USAGE, stderr: "" });
    expect(await run("stripe-event", "invoice.paid", "--agent", "@x", "-h")).toEqual({ code: 0, stdout: STRIPE_EVENT_USAGE, stderr: "" });
    expect(await run("help", "stripe-event")).toEqual({ code: 0, stdout: STRIPE_EVENT_USAGE, stderr: "" });
  });

  it("explore announce --help prints its usage and exits 0", async () => {
    expect(await run("announce", "--help")).toEqual({ code: 0, stdout: ANNOUNCE_USAGE, stderr: "" });
    expect(await run("announce", "-h")).toEqual({ code: 0, stdout: ANNOUNCE_USAGE, stderr: "" });
  });

  it("after `--` a --help is an argument (a file named --help), not a request for the usage", async () => {
    const answer = await run("validate", "--", "--help");
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain("cannot read --help");
  });
});
