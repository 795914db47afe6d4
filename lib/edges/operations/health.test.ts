import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkHealth } from "./health";

// Against the test database, migrated by the test runner like any deployment.

const newerBuild = mkdtempSync(path.join(os.tmpdir(), "explore-health-"));

afterAll(() => rmSync(newerBuild, { recursive: true, force: true }));

describe("the health check", () => {
  it("is healthy on a database with every shipped migration", async () => {
    // No search index in this process (instrumentation.ts starts it in servers): search asks PostgreSQL.
    expect(await checkHealth()).toEqual({ ok: true, database: "reachable", migrations: "current", pending: [], searchIndex: { state: "off", listings: null } });
  });

  it("names the migrations a newer build ships that the database has not applied", async () => {
    cpSync(path.join(process.cwd(), "prisma", "migrations"), newerBuild, { recursive: true });
    mkdirSync(path.join(newerBuild, "29991231000000_not_yet_applied"));
    expect(await checkHealth(newerBuild)).toEqual({
      ok: false,
      database: "reachable",
      migrations: "behind",
      pending: ["29991231000000_not_yet_applied"],
      searchIndex: { state: "off", listings: null },
    });
  });
});
