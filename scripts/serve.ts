// Explore's production web server: Next's request handler (the production build in .next) behind the shared
// cache for signed-out visitors (lib/http/shared-cache.ts). `npm start`, the end-to-end tests and the
// benchmarks all serve through here, so what is measured is what runs.
//
//   tsx scripts/serve.ts [--hostname 127.0.0.1] [--port 3000] [--no-shared-cache]
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { listenForListingChanges } from "../lib/http/listings-changed";
import { answerServerError } from "../lib/http/server-error";
import { createSharedCache, type Refresh } from "../lib/http/shared-cache";

const projectRoot = path.resolve(import.meta.dirname, "..");

const { values } = parseArgs({
  options: {
    hostname: { type: "string", default: "127.0.0.1" },
    port: { type: "string" },
    // For measuring what a render costs: every request goes to Next.
    "no-shared-cache": { type: "boolean", default: false },
  },
});
// As under `next start`: the production build runs with React's production settings (set before anything reads it).
Object.assign(process.env, { NODE_ENV: "production" });
const { env, requireDatabaseUrl } = await import("../lib/env");
const { default: next } = await import("next");
const hostname = values.hostname ?? "127.0.0.1";
const port = values.port === undefined ? env.PORT : Number(values.port);
const app = next({ dev: false, dir: projectRoot, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
// Stale answers are replaced in the background: the cache asks this server again, with a secret header.
const self = `http://${hostname === "0.0.0.0" ? "127.0.0.1" : hostname === "::" ? "[::1]" : hostname}:${port}`;
const refresh: Refresh = async (url, headers) => {
  const response = await fetch(`${self}${url}`, { headers });
  await response.arrayBuffer();
};
const cache = values["no-shared-cache"] ? null : createSharedCache({ refresh, secret: randomBytes(24).toString("base64url") });
// Listing writes anywhere (this server, another one, the CLI) make it forget what it shared.
const listener = cache ? listenForListingChanges(requireDatabaseUrl()) : null;

const server = createServer((req, res) => {
  const pass = () => handle(req, res);
  const served = cache ? cache.handle(req, res, pass) : pass();
  served.catch((error: unknown) => answerServerError(res, error));
});
server.listen(port, hostname, () => {
  console.log(`Explore listening on http://${hostname}:${port}${cache ? "" : " (shared cache off)"}`);
});

function shutdown(): void {
  server.close();
  server.closeAllConnections();
  void Promise.allSettled([listener?.close(), app.close()]).finally(() => process.exit(0));
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
