// What the end-to-end tests run against: an SMTP sink on loopback, the demo adapters on an
// ephemeral port, the demo network seeded, and the production server (deploy/web.sh: Next's standalone server) on --port.
// DATABASE_URL comes from `npm test` (a throw-away embedded PostgreSQL, migrated).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { startDemoAdapters } from "../demo/adapters/server";
import { seedDemoNetwork } from "../scripts/lib/seed-demo";
import { bin, startChild, stopChildren } from "../scripts/lib/children";
import { db } from "../lib/foundations/db/client";
import { mailDir, smtpUrlFile } from "./mailbox";
import { startEverythingServer } from "../lib/testing/everything-server";
import { importRunFixtures } from "./run-fixtures";

const { values } = parseArgs({ options: { port: { type: "string", default: "3100" } } });

rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase().replace(/[^a-z0-9]/g, "_")).join("+");
      count += 1;
      writeFileSync(path.join(mailDir, `${String(count).padStart(5, "0")}-${to}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
const smtpPort = await new Promise<number>((resolve) => {
  smtp.listen(0, "127.0.0.1", () => {
    const address = smtp.server.address();
    resolve(typeof address === "object" && address ? address.port : 0);
  });
});

writeFileSync(smtpUrlFile, `smtp://127.0.0.1:${smtpPort}`);

const adapters = await startDemoAdapters({ port: 0 });
await seedDemoNetwork(adapters.url);
// The run journeys: the reference MCP server on loopback, imported as an agent, and a daily_limit: 1 service.
const everything = await startEverythingServer();
await importRunFixtures(adapters.url, everything.url);
await db.$disconnect();

// The production build as `npm start` runs it, with EXPLORE_DEMO: loopback adapters allowed (never in production).
const web = startChild("bash", ["deploy/web.sh"], {
  HOSTNAME: "127.0.0.1",
  PORT: values.port,
  EXPLORE_DEMO: "1",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  DEMO_ADAPTERS_URL: adapters.url,
  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
  AUTH_URL: `http://127.0.0.1:${values.port}`,
  // The e2e administrator (e2e/roles/roles.ts).
  ADMIN_EMAILS: "admin@explore.test",
  // Every test comes from 127.0.0.1: the per-client limits would count the whole suite as one client. The
  // per-person limits keep their defaults.
  RATE_LIMIT_SIGN_IN_PER_CLIENT: "10000/10m",
  RATE_LIMIT_API: "100000/1m",
  RATE_LIMIT_OPERATOR_REQUESTS: "1000/1h",
});

// The sample-test worker, as under npm start (the seeded demo services are due for their first test).
startChild(bin("tsx"), ["--conditions=react-server", "scripts/worker.ts"], { NODE_ENV: "production", EXPLORE_DEMO: "1", EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" });

async function shutdown() {
  stopChildren();
  await everything.stop();
  await adapters.close();
  smtp.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
web.once("exit", () => void shutdown());
