// Explore's web server: Next's request handler (the production build in .next) behind the shared cache for
// signed-out visitors (lib/http/shared-cache.ts). Production, `npm start`, the end-to-end tests and the
// benchmarks all serve through here, so what is measured is what runs.
//
//   tsx scripts/serve.ts [--hostname 0.0.0.0] [--port 3000] [--no-shared-cache]
//
// With WEB_PROCESSES=N (lib/env.ts) this process only supervises N copies of itself on the port
// (scripts/lib/web-processes.ts); each copy serves as below.
//
// Without NODE_ENV it runs as production (lib/env.ts then insists on AUTH_SECRET and AUTH_URL and refuses
// the loopback switch); the demo and the tests run the same build with NODE_ENV=test.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { ListenOptions, Server } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { answerServerError } from "../lib/http/server-error";
import { createSharedCache, type Refresh } from "../lib/http/shared-cache";
import { log } from "../lib/log";

const projectRoot = path.resolve(import.meta.dirname, "..");

const { values } = parseArgs({
  options: {
    hostname: { type: "string" },
    port: { type: "string" },
    // For measuring what a render costs: every request goes to Next.
    "no-shared-cache": { type: "boolean", default: false },
  },
});
// Set before anything reads it: anything but "development" runs Next's production runtime.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? "production" });
// These too, since they load lib/env.ts, which reads the configuration once.
const { env } = await import("../lib/env");
if (cluster.isPrimary && env.WEB_PROCESSES > 1) {
  const { superviseWebProcesses } = await import("./lib/web-processes");
  superviseWebProcesses(env.WEB_PROCESSES);
} else {
  await serve();
}

/** One web process: Next behind the shared cache on HOSTNAME:PORT, until SIGTERM or SIGINT. */
async function serve(): Promise<void> {
  const { closeDbEvents } = await import("../lib/db-events");
  const { default: next } = await import("next");
  const hostname = values.hostname ?? env.HOSTNAME;
  const port = values.port === undefined ? env.PORT : Number(values.port);
  const app = next({ dev: false, dir: projectRoot, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Stale answers are replaced in the background: the cache asks this process again, with a secret header, on
  // a loopback listener of its own (with several web processes, the shared port could hand it to another).
  let refreshOrigin = "";
  const refresh: Refresh = async (url, headers) => {
    const response = await fetch(`${refreshOrigin}${url}`, { headers });
    await response.arrayBuffer();
  };
  // Listing writes anywhere (this server, another one, the CLI) make it forget what it shared: the app listens
  // for them from its start (instrumentation.ts) on the process's one event connection (lib/db-events.ts).
  const cache = values["no-shared-cache"] ? null : createSharedCache({ refresh, secret: randomBytes(24).toString("base64url") });

  // Requests in flight, so a shutdown can let them finish. Event streams (run progress) are not waited for:
  // they last as long as the page is open, and the browser reconnects to another instance.
  const inFlight = new Set<IncomingMessage>();
  let drained: (() => void) | null = null;
  const isEventStream = (req: IncomingMessage) => req.url?.startsWith("/api/runs/events") === true;

  const onRequest: RequestListener = (req, res) => {
    const started = performance.now();
    // No proxy in front: the client is the socket, whatever X-Forwarded-For it sent (lib/http/client-address.ts).
    if (env.EXPLORE_TRUSTED_PROXIES === 0) req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
    if (!isEventStream(req)) {
      inFlight.add(req);
      res.once("close", () => {
        inFlight.delete(req);
        if (!stopping) return;
        // Shutting down: a keep-alive connection whose answer is sent closes now.
        server.closeIdleConnections();
        if (inFlight.size === 0) drained?.();
      });
    }
    if (env.LOG_REQUESTS) {
      res.once("finish", () => log.info("request", { method: req.method, path: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) }));
    }
    const pass = () => handle(req, res);
    const served = cache ? cache.handle(req, res, pass) : pass();
    served.catch((error: unknown) => answerServerError(res, error));
  };
  // Next's handler of uncaught exceptions only logs them: a server that cannot listen (its port taken) would
  // stay up serving nothing. It exits instead, for the orchestrator (or the copies' supervisor) to see. Only
  // until it listens: a later error (a refused connection) is not a reason to drop the requests in flight.
  const cannotListen = (error: unknown) => {
    log.error("the web server cannot listen", { error });
    process.exit(1);
  };
  const listenOrExit = (target: Server, options: ListenOptions, listening: () => void) => {
    target.once("error", cannotListen);
    target.listen(options, () => {
      target.off("error", cannotListen);
      listening();
    });
  };
  const server = createServer(onRequest);
  const refreshes = cache ? createServer(onRequest) : null;
  if (refreshes) {
    listenOrExit(refreshes, { host: "127.0.0.1", port: 0, exclusive: true }, () => {
      const address = refreshes.address();
      // A TCP listener's address is an object; a string would be a pipe's path, which this listener never is.
      if (address === null || typeof address === "string") throw new Error("the refresh listener has no TCP port");
      refreshOrigin = `http://127.0.0.1:${address.port}`;
    });
  }
  // Longer than the idle timeout of common load balancers (60 s), so they never reuse a connection this server
  // has just closed; the header timeout must be longer still.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  listenOrExit(server, { port, host: hostname }, () => {
    log.info("Explore listening", { url: `http://${hostname}:${port}`, sharedCache: cache !== null, nodeEnv: env.NODE_ENV, pid: process.pid });
  });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info("shutting down: no new connections, waiting for requests in flight", { signal, inFlight: inFlight.size, graceSeconds: env.SHUTDOWN_GRACE_SECONDS });
    // Stop accepting; idle keep-alive connections close now, busy ones once their answer is sent.
    server.close();
    refreshes?.close();
    server.closeIdleConnections();
    await Promise.race([
      new Promise<void>((resolve) => (inFlight.size === 0 ? resolve() : (drained = resolve))),
      new Promise<void>((resolve) => setTimeout(resolve, env.SHUTDOWN_GRACE_SECONDS * 1000).unref()),
    ]);
    if (inFlight.size > 0) log.warn("grace period over: closing requests still in flight", { inFlight: inFlight.size });
    server.closeAllConnections();
    refreshes?.closeAllConnections();
    await app.close().catch((error: unknown) => log.warn("closing Next failed", { error }));
    // The one event connection, the app's run-event streams' and the listing listener's (lib/db-events.ts).
    await closeDbEvents();
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
