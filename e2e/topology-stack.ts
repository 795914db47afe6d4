// The production topology the "varnish" project tests against (e2e/production-topology.spec.ts): two web
// instances of the standalone build (deploy/web.sh), Varnish in front of them (deploy/varnish.sh with
// deploy/varnish/explore.vcl), and a worker purging it when listings change. It shares the database e2e/stack.ts
// seeds, and its AUTH_SECRET, so the roles' sessions are valid here too.
// Varnish answers on --port; the web instances listen on the two ports after it.
import { parseArgs } from "node:util";
import { bin, startChild, stopChildren } from "../scripts/lib/children";
import { startVarnish } from "../scripts/lib/varnish";

const { values } = parseArgs({ options: { port: { type: "string", default: "3110" } } });
const port = Number(values.port);
const webPorts = [port + 1, port + 2];
const origin = `http://127.0.0.1:${port}`;

// server.js runs under NODE_ENV=production whatever it is given, so these are what production requires.
const webs = webPorts.map((webPort) =>
  startChild("deploy/web.sh", [], {
    HOSTNAME: "127.0.0.1",
    PORT: String(webPort),
    AUTH_URL: origin,
    // Sign-in happens on e2e/stack.ts's server; nothing here sends mail.
    SMTP_URL: "smtp://127.0.0.1:9",
    EXPLORE_SECRET_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
    ADMIN_EMAILS: "admin@explore.test",
    // Varnish appends the client's address to X-Forwarded-For.
    EXPLORE_TRUSTED_PROXIES: "1",
    RATE_LIMIT_SIGN_IN_PER_CLIENT: "10000/10m",
    RATE_LIMIT_API: "100000/1m",
    RATE_LIMIT_MCP: "100000/1m",
  }),
);
// Varnish (with no health probe here) would send requests to an instance still starting: wait for both.
async function ready(webPort: number): Promise<void> {
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${webPort}/api/health/ready`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
await Promise.all(webPorts.map(ready));
const varnish = await startVarnish({ port, backendPorts: webPorts });
startChild(bin("tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
  NODE_ENV: "test",
  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
  EXPLORE_VARNISH_PURGE_URLS: varnish.url,
});

async function shutdown() {
  stopChildren();
  await varnish.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
for (const web of webs) web.once("exit", () => void shutdown());
