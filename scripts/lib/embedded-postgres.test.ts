import { describe, expect, it } from "vitest";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { memoryFlags } from "./embedded-postgres";

const GB = 2 ** 30;

describe("memoryFlags", () => {
  it("gives PostgreSQL a quarter of the memory for buffers (128 MB to 8 GB), 1/512 for each sort or hash (4 to 64 MB), and prices reads as from memory", () => {
    const settings = (total: number) => memoryFlags(total).filter((flag) => flag !== "-c");
    expect(settings(24 * GB)).toEqual(["shared_buffers=6144MB", "effective_cache_size=12288MB", "random_page_cost=1.1", "work_mem=48MB"]);
    expect(settings(2 * GB)).toEqual(["shared_buffers=512MB", "effective_cache_size=1024MB", "random_page_cost=1.1", "work_mem=4MB"]);
    expect(settings(GB / 4)).toEqual(["shared_buffers=128MB", "effective_cache_size=128MB", "random_page_cost=1.1", "work_mem=4MB"]);
    expect(settings(256 * GB)).toEqual(["shared_buffers=8192MB", "effective_cache_size=131072MB", "random_page_cost=1.1", "work_mem=64MB"]);
  });

  it("is what the embedded database the tests run on was started with", async () => {
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    await client.connect();
    try {
      // pg_settings counts shared buffers in 8 kB pages.
      const { rows } = await client.query<{ mb: number; random: string; work: string }>(
        "SELECT (SELECT setting::int / 128 FROM pg_settings WHERE name = 'shared_buffers') AS mb, current_setting('random_page_cost') AS random, current_setting('work_mem') AS work",
      );
      expect(memoryFlags()).toContain(`shared_buffers=${rows[0]?.mb}MB`);
      expect(memoryFlags()).toContain(`random_page_cost=${rows[0]?.random}`);
      expect(memoryFlags()).toContain(`work_mem=${rows[0]?.work}`);
    } finally {
      await client.end();
    }
  });
});
