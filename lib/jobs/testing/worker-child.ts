// Test-only: a worker process the crash test can kill (lib/jobs/worker.test.ts). No scheduler, so it
// runs only the jobs the test queued.
import { requireDatabaseUrl } from "@/lib/env";
import { publisherFetch } from "@/lib/adapters/publisher-fetch";
import { startWorker } from "../worker";

await startWorker({ connectionString: requireDatabaseUrl(), perAdapter: 2, total: 5, fetch: publisherFetch(), schedule: false, pollMs: 200 });
console.log("worker-child ready");
