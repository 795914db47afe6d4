import { accessSync, constants, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// Docker cannot run where the tests do, so every step the image and compose.yaml run is a script in deploy/, which the
// other tests run for real (deploy-bundles.test.ts, e2e/observability.spec.ts). These checks hold the Dockerfile and
// compose.yaml to that: a step that is not such a script would be untested.

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Instruction = { keyword: string; args: string; stage: string };

/** The Dockerfile's instructions, continuation lines joined, comments left out, each with the stage it is in. */
function dockerfile(): Instruction[] {
  const text = read("Dockerfile").replace(/\\\n/g, " ");
  const out: Instruction[] = [];
  let stage = "";
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const [, keyword = "", args = ""] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") stage = /\sAS\s+(\S+)/i.exec(args)?.[1] ?? args;
    out.push({ keyword: keyword.toUpperCase(), args, stage });
  }
  return out;
}

/** The command an instruction or a compose `command` runs: the exec form's array or the shell form's words. */
function commandOf(args: string | string[]): string[] {
  if (Array.isArray(args)) return args;
  return args.trim().startsWith("[") ? (JSON.parse(args) as string[]) : args.trim().split(/\s+/);
}

/** The deploy/ script a command runs, as a path in this checkout; the image has deploy/ at /app/deploy and /src/deploy. */
function deployScript(command: string[]): string | null {
  const [program, ...rest] = command;
  if (program === undefined || rest.length > 0) return null;
  const match = /^(?:\/app\/|\/src\/)?(deploy\/[a-z0-9-]+\.sh)$/.exec(program);
  return match?.[1] ?? null;
}

function expectRunnableScript(file: string | null, what: string): void {
  expect(file, `${what} must run one script in deploy/, and nothing else`).not.toBeNull();
  const full = path.join(root, file ?? "");
  expect(statSync(full).isFile(), `${file} exists`).toBe(true);
  expect(() => accessSync(full, constants.X_OK), `${file} is executable`).not.toThrow();
  expect(readFileSync(full, "utf8").startsWith("#!/usr/bin/env bash\n"), `${file} starts with a bash shebang`).toBe(true);
}

describe("the Dockerfile", () => {
  const instructions = dockerfile();

  it("runs only deploy/ scripts, in RUN, CMD and ENTRYPOINT alike", () => {
    const steps = instructions.filter((i) => ["RUN", "CMD", "ENTRYPOINT"].includes(i.keyword));
    expect(steps.map((s) => s.keyword)).toEqual(["RUN", "RUN", "RUN", "CMD"]);
    for (const step of steps) expectRunnableScript(deployScript(commandOf(step.args)), `${step.keyword} ${step.args}`);
  });

  it("builds in stages on Node 24, and the runtime stage runs as a user other than root", () => {
    const froms = instructions.filter((i) => i.keyword === "FROM").map((i) => i.args);
    expect(froms).toEqual(["node:24-bookworm-slim AS deps", "deps AS build", "node:24-bookworm-slim AS runtime"]);
    const users = instructions.filter((i) => i.stage === "runtime" && i.keyword === "USER").map((i) => i.args);
    expect(users).toEqual(["node"]);
  });

  it("gives the runtime stage only the build's outputs and the scripts that start them", () => {
    const copies = instructions.filter((i) => i.stage === "runtime" && (i.keyword === "COPY" || i.keyword === "ADD"));
    const sources = copies.flatMap((c) => {
      expect(c.keyword).toBe("COPY");
      expect(c.args).toMatch(/^--from=build /);
      const words = c.args.split(/\s+/).filter((w) => !w.startsWith("--"));
      return words.slice(0, -1);
    });
    expect(sources).toEqual([
      "/src/.next/standalone",
      "/src/.next/standalone/.next",
      "/src/prisma/migrations",
      "/src/dist",
      "/src/deploy/web.sh",
      "/src/deploy/worker.sh",
      "/src/deploy/migrate.sh",
    ]);
  });
});

describe("compose.yaml", () => {
  type Service = { image?: string; build?: unknown; command?: string | string[]; environment?: Record<string, string>; depends_on?: unknown };
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const explore = Object.entries(compose.services).filter(([, s]) => s.image === "explore");

  it("runs Explore's own services from its image, each through a deploy/ script", () => {
    expect(explore.map(([name]) => name).sort()).toEqual(["migrate", "web1", "web2", "worker"]);
    for (const [name, service] of explore) {
      expect(service.build, name).toBe(".");
      expectRunnableScript(deployScript(commandOf(service.command ?? [])), `${name}'s command`);
    }
  });

  it("has PostgreSQL, Varnish with Explore's VCL and a mail catcher that Explore sends its mail to", () => {
    const { postgres, varnish, mailpit } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(varnish?.image).toMatch(/^varnish:7/);
    expect(commandOf(varnish?.command ?? [])).toEqual(["/opt/explore/deploy/varnish.sh"]);
    expect(mailpit?.image).toMatch(/^axllent\/mailpit:/);
    for (const [name, service] of explore) {
      expect(service.environment?.SMTP_URL, name).toBe("smtp://mailpit:1025");
      expect(new URL(service.environment?.DATABASE_URL ?? "").host, name).toBe("postgres:5432");
    }
  });

  it("starts the web instances and the worker only after the migrations ran to their end", () => {
    for (const [name, service] of explore.filter(([n]) => n !== "migrate")) {
      expect(service.depends_on, name).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
    }
  });
});
