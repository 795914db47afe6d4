import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { isReadOperation, readAgainWhenBack } from "./read-retry";

// Which operations are asked again after PostgreSQL went away, and when: the real restart is in
// lib/edges/operations/database-outage.test.ts.

const gone = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
const retry = (back: boolean, since: number | null = null) => ({ probe: async () => (back ? 1 : Promise.reject(gone)), outageSince: () => since });

describe("isReadOperation", () => {
  it("takes model reads and raw SELECTs, never a write, a lock or a notification", () => {
    expect(isReadOperation("findMany", {})).toBe(true);
    expect(isReadOperation("count", {})).toBe(true);
    expect(isReadOperation("$queryRaw", Prisma.sql`SELECT 1 FROM "Agent" WHERE "id" = ${"a"}`)).toBe(true);
    expect(isReadOperation("$queryRaw", Prisma.sql`WITH x AS (SELECT 1) SELECT * FROM x`)).toBe(true);
    expect(isReadOperation("$queryRawUnsafe", ["SELECT 1"])).toBe(true);
    for (const sql of [
      Prisma.sql`WITH spent AS (UPDATE "Entitlement" SET "callsLeft" = 0 RETURNING "id") SELECT * FROM spent`,
      Prisma.sql`INSERT INTO "Execution" ("id") VALUES (${"x"}) RETURNING "id"`,
      Prisma.sql`SELECT pg_advisory_xact_lock(1)`,
      Prisma.sql`SELECT pg_notify(${"c"}, ${"p"})`,
      Prisma.sql`SELECT * FROM "Agent" FOR UPDATE`,
    ]) {
      expect(isReadOperation("$queryRaw", sql), sql.sql).toBe(false);
    }
    for (const operation of ["create", "update", "upsert", "delete", "deleteMany", "updateMany", "$executeRaw", "$executeRawUnsafe"]) {
      expect(isReadOperation(operation, {}), operation).toBe(false);
    }
  });
});

describe("readAgainWhenBack", () => {
  it("asks a read again once PostgreSQL answers, and only once", async () => {
    let calls = 0;
    const query = async () => {
      calls += 1;
      if (calls === 1) throw gone;
      return "answer";
    };
    expect(await readAgainWhenBack("findMany", {}, query, retry(true))).toBe("answer");
    expect(calls).toBe(2);
  });

  it("fails as it first did: a write, a bug, a read in an outage older than the wait, or a database that stays away", async () => {
    const failing = (error: Error) => async () => Promise.reject(error);
    await expect(readAgainWhenBack("create", {}, failing(gone), retry(true))).rejects.toBe(gone);
    const bug = new Error("a bug");
    await expect(readAgainWhenBack("findMany", {}, failing(bug), retry(true))).rejects.toBe(bug);
    await expect(readAgainWhenBack("findMany", {}, failing(gone), retry(true, Date.now() - 6_000))).rejects.toBe(gone);
    const started = Date.now();
    await expect(readAgainWhenBack("findMany", {}, failing(gone), retry(false))).rejects.toBe(gone);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
  });
});
