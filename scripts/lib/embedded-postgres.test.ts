import { describe, expect, it } from "vitest";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/env";
import { memoryFlags } from "./embedded-postgres";

const GB = 2 ** 30;

describe("memoryFlags", () => {
  it("gives PostgreSQL a quarter of the memory for buffers, between 128 MB and 8 GB", () => {
    expect(memoryFlags(24 * GB)).toEqual(["-c", "shared_buffers=6144MB", "-c", "effective_cache_size=12288MB"]);
    expect(memoryFlags(2 * GB)).toEqual(["-c", "shared_buffers=512MB", "-c", "effective_cache_size=1024MB"]);
    expect(memoryFlags(GB / 4)).toEqual(["-c", "shared_buffers=128MB", "-c", "effective_cache_size=128MB"]);
    expect(memoryFlags(256 * GB)).toEqual(["-c", "shared_buffers=8192MB", "-c", "effective_cache_size=131072MB"]);
  });

  it("is what the embedded database the tests run on was started with", async () => {
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    await client.connect();
    try {
      // pg_settings counts shared buffers in 8 kB pages.
      const { rows } = await client.query<{ mb: number }>("SELECT setting::int / 128 AS mb FROM pg_settings WHERE name = 'shared_buffers'");
      expect(memoryFlags()).toContain(`shared_buffers=${rows[0]?.mb}MB`);
    } finally {
      await client.end();
    }
  });
});
