// npm run worker (alone) or beside the web server under npm start: runs sample tests from the job
// queue in DATABASE_URL. Start as many as you like on one database: the per-adapter limit holds across
// all of them, the total is each worker's own.
import os from "node:os";
import { env, requireDatabaseUrl } from "../lib/foundations/env";
import { publisherFetch } from "../lib/domain/adapters/publisher-fetch";
import { startWorker } from "../lib/edges/jobs/worker";
import { startCachePurger } from "../lib/model/catalog/cache-purge";
import { log } from "../lib/foundations/log";

// Background work: where it shares a machine with the web server, the web server's requests come first.
try {
  os.setPriority(10);
} catch {
  // Not permitted here: run at normal priority.
}

// Signals are heard from the start: a stop asked for while the worker is still starting waits for it, then stops it.
let stopping = false;
let purger: ReturnType<typeof startCachePurger> | null = null;
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());

const started = startWorker({
  connectionString: requireDatabaseUrl(),
  perAdapter: env.SAMPLE_TEST_CONCURRENCY_PER_ADAPTER,
  total: env.SAMPLE_TEST_CONCURRENCY_TOTAL,
  fetch: publisherFetch(),
  allowLoopbackHttp: env.EXPLORE_ALLOW_LOOPBACK_ADAPTERS,
});
await started;
// Purges the Varnish caches in front of the web instances of what listing writes change (one worker with it is
// enough; another sends the same purges again).
if (env.EXPLORE_VARNISH_PURGE_URLS.length > 0 && !stopping) purger = startCachePurger({ urls: env.EXPLORE_VARNISH_PURGE_URLS });
log.info("worker: sample tests, logo checks and terms fetches running", {
  perAdapter: env.SAMPLE_TEST_CONCURRENCY_PER_ADAPTER,
  total: env.SAMPLE_TEST_CONCURRENCY_TOTAL,
});

async function shutdown() {
  if (stopping) return;
  stopping = true;
  log.info("worker: stopping; running tests finish");
  // Running tests get 60 s to finish, then go back to the queue. A second signal does not wait.
  const timer = setTimeout(() => process.exit(0), 70_000);
  await Promise.all([started.then((w) => w.stop()), purger?.close()]);
  clearTimeout(timer);
  process.exit(0);
}
