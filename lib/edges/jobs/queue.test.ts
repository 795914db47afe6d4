import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { SAMPLE_TEST_QUEUE, startBoss } from "./queue";

// A database of its own: the other tests' queue lives in the shared one's `pgboss` schema.
let admin: pg.Client;
let url: string;
const name = `explore_queue_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: requireDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(requireDatabaseUrl());
  own.pathname = `/${name}`;
  url = own.toString();
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function sql(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe("the job queue's schema", () => {
  it("is refused with what to do when pg-boss 10 left it, and created when there is none", async () => {
    // What pg-boss 10 leaves: its schema, stamped version 24.
    await sql("CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version int PRIMARY KEY); INSERT INTO pgboss.version VALUES (24)");
    await expect(startBoss({ connectionString: url })).rejects.toThrow(/version 24 \(pg-boss 10 or earlier\).*docs\/operations\.md/);

    await sql("DROP SCHEMA pgboss CASCADE");
    const boss = await startBoss({ connectionString: url });
    try {
      expect(await boss.getQueue(SAMPLE_TEST_QUEUE)).toMatchObject({ name: SAMPLE_TEST_QUEUE, policy: "short" });
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    const { rows } = await sql("SELECT version FROM pgboss.version");
    expect(rows[0]?.version).toBeGreaterThanOrEqual(25);
  });
});
