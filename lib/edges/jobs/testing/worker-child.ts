// Test-only: a worker process the crash test can kill (lib/edges/jobs/worker.test.ts). No scheduler, so it
// runs only the jobs the test queued; its fetch may reach the test's adapters on loopback.
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { createGuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { startWorker } from "@/lib/edges/jobs/worker";

const fetch = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
await startWorker({ connectionString: requireDatabaseUrl(), perAdapter: 2, total: 5, fetch, allowLoopbackHttp: true, schedule: false, pollMs: 200 });
console.log("worker-child ready");
