// Several web processes on one port (WEB_PROCESSES): one Node process uses one core, so a host with more cores
// serves more with a copy of scripts/serve.ts per core. Node's cluster module hands each new connection to the
// copies in turn. The copies share nothing but the port: each is an instance as docs/operations.md describes
// (its own shared cache, search index and event connection), as if behind a load balancer.
import cluster, { type Worker } from "node:cluster";
import { log } from "../../lib/log";

/** More copies stopping than this within a minute is a fault a new copy will not mend: everything stops. */
const RESTARTS_PER_MINUTE = 5;

/**
 * Runs in the primary process: starts `count` copies of this script, starts another when one stops unexpectedly,
 * and on SIGTERM or SIGINT passes the signal on and exits once every copy has finished (each drains its own
 * requests in flight); the exit code is 0 when they all stopped cleanly.
 */
export function superviseWebProcesses(count: number): void {
  const live = new Set<Worker>();
  const stops: number[] = [];
  let stopping = false;
  let failed = false;

  const start = () => live.add(cluster.fork());
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of live) worker.process.kill(signal);
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      failed ||= code !== 0;
      if (live.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    stops.push(now);
    while ((stops[0] ?? now) < now - 60_000) stops.shift();
    if (stops.length > RESTARTS_PER_MINUTE) {
      log.error("web processes keep stopping: stopping them all", { stopsInAMinute: stops.length, code, signal });
      failed = true;
      stopAll("SIGTERM");
      if (live.size === 0) process.exit(1);
      return;
    }
    log.error("a web process stopped; starting another", { pid: worker.process.pid, code, signal });
    start();
  });
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));

  log.info("starting web processes", { count });
  for (let i = 0; i < count; i += 1) start();
}
