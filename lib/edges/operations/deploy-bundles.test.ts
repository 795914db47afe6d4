import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";

// What the image runs: deploy/migrate.sh and deploy/worker.sh, with dist/ as deploy/build-worker.sh makes it copied
// to a folder outside the checkout (no node_modules to fall back on, no TypeScript), against a database made empty.

const root = path.resolve(import.meta.dirname, "../../..");
const dist = mkdtempSync(path.join(os.tmpdir(), "explore-dist-"));
const run = promisify(execFile);
const admin = new pg.Client({ connectionString: requireDatabaseUrl() });
const name = `explore_bundles_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const url = Object.assign(new URL(requireDatabaseUrl()), { pathname: `/${name}` }).toString();

/** A production environment with nothing of the test stack's: this Node and the system's commands on PATH. */
const production = {
  PATH: [path.dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
  EXPLORE_DIST_DIR: dist,
  NODE_ENV: "production" as const,
  DATABASE_URL: url,
  AUTH_SECRET: "explore-bundles-test-secret-0000000000000",
  AUTH_URL: "https://explore.example.test",
  EXPLORE_SECRET_KEYS: "t:ZXhwbG9yZS1idW5kbGVzLXRlc3Qta2V5LTAwMDAwMDA=",
  SMTP_URL: "smtp://127.0.0.1:2525",
};

let worker: ChildProcess | null = null;

beforeAll(async () => {
  await run("bash", [path.join(root, "deploy/build-worker.sh")], { cwd: root });
  cpSync(path.join(root, "dist"), dist, { recursive: true });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
}, 120_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill("SIGTERM");
    await once(worker, "exit");
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dist, { recursive: true, force: true });
});

describe("deploy/migrate.sh and deploy/worker.sh on the bundles", () => {
  it("migrate applies every committed migration to an empty database, then finds nothing to do", async () => {
    const committed = readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const first = await run("bash", [path.join(root, "deploy/migrate.sh")], { cwd: "/", env: production });
    expect(JSON.parse(first.stdout.trim().split("\n").at(-1) ?? "")).toMatchObject({ level: "info", msg: "migrations applied", applied: committed.sort() });
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`);
    await check.end();
    expect(rows[0]?.n).toBe(committed.length);
    const again = await run("bash", [path.join(root, "deploy/migrate.sh")], { cwd: "/", env: production });
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ msg: "the database is up to date", applied: [] });
  }, 120_000);

  it("the worker starts on the migrated database and sweeps: an abandoned execution is marked outcome unknown", async () => {
    const fresh = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    const user = await fresh.user.create({ data: { email: `bundle-${randomUUID()}@example.test` } });
    const agent = await fresh.agent.create({
      data: {
        handle: `bundle-${randomUUID().slice(0, 8)}`,
        ownerId: user.id,
        status: "published",
        ekl: "1.0",
        mode: "service_provider",
        executionMode: "durable",
        displayName: "Bundle test",
        purpose: "Answers test questions.",
        interests: ["testing"],
        languages: ["en"],
        endpoint: "https://mcp.example.test/ekl",
        endpointPending: false,
        dataDeclared: true,
        document: {},
        // No example: nothing here is due a sample test, so the worker calls out to no adapter.
        capabilities: {
          create: [
            {
              capabilityId: "cap_t0",
              position: 0,
              tool: "tool_0",
              name: "Service 0",
              summary: "Does a test thing for the test suite.",
              category: "testing.unit",
              contentRating: "general",
              matureReasons: [],
              limitations: "Test data only.",
              class: "read_only",
              repeat: "return_kept",
              storageFreeAccepted: false,
              data: {},
              version: "1.0.0",
              offered: true,
              needsConfirmation: false,
              listed: true,
              isPaid: false,
              hasExample: false,
            },
          ],
        },
      },
      select: { capabilities: { select: { id: true } } },
    });
    const execution = await fresh.execution.create({
      data: {
        capabilityId: agent.capabilities[0]?.id ?? "",
        userId: user.id,
        status: "running",
        startedAt: new Date(Date.now() - 3_600_000),
        argumentsSha256: "0".repeat(64),
      },
    });

    const child = spawn("bash", [path.join(root, "deploy/worker.sh")], { cwd: "/", env: production, stdio: ["ignore", "pipe", "inherit"] });
    worker = child;
    const lines: Record<string, unknown>[] = [];
    const seen = (msg: string) => lines.some((l) => l.msg === msg);
    const lineReader = createInterface({ input: child.stdout });
    // The sweep may come before or after the line saying the worker runs (its signal handlers are set after it).
    await new Promise<void>((resolve) =>
      lineReader.on("line", (line) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        if (seen("abandoned executions marked outcome unknown") && lines.some((l) => String(l.msg).startsWith("worker: sample tests"))) resolve();
      }),
    );
    expect(lines.find((l) => l.msg === "abandoned executions marked outcome unknown")).toMatchObject({ level: "info", executions: 1 });
    expect(lines.filter((l) => l.level !== "info")).toEqual([]);
    expect(await fresh.execution.findUnique({ where: { id: execution.id }, select: { status: true } })).toEqual({ status: "outcome_unknown" });
    await fresh.$disconnect();

    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
  }, 120_000);
});
