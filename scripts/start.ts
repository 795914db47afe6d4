// npm start (production build) and npm run dev: the database (embedded unless DATABASE_URL is set),
// migrations, the demo adapters, the demo network seeded once, then the web server.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { env } from "../lib/foundations/env";
import { startDemoAdapters } from "../demo/adapters/server";
import { openMigratedDatabase, projectRoot } from "./lib/database";
import { bin, run, startChild, stopChildren } from "./lib/children";

const dev = process.argv.includes("--dev");

if (env.NODE_ENV === "production") {
  console.error(
    "npm start is the demo (embedded database, demo network, loopback adapters). For production see docs/operations.md: the container image, or deploy/migrate.sh, deploy/web.sh and deploy/worker.sh.",
  );
  process.exit(2);
}

function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  // A local secret, made once, so sessions survive restarts of the local server.
  const file = path.join(projectRoot, ".data/auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

function newestSourceTime(): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const e of readdirSync(p)) visit(path.join(p, e));
    else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of ["app", "components", "lib", "public", "generated", "next.config.mjs", "package-lock.json", "proxy.ts"]) {
    visit(path.join(projectRoot, p));
  }
  return newest;
}

function buildIsCurrent(): boolean {
  const id = path.join(projectRoot, ".next/standalone/.next/BUILD_ID");
  return existsSync(id) && statSync(id).mtimeMs > newestSourceTime();
}

const database = await openMigratedDatabase("persistent");
const adaptersPort = Number(new URL(env.DEMO_ADAPTERS_URL).port || 80);
const adapters = await startDemoAdapters({ port: adaptersPort });
console.log(`demo adapters listening on ${adapters.url}`);

let shuttingDown = false;
async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  stopChildren();
  await adapters.close();
  await database.close();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

const childEnv = {
  DATABASE_URL: database.url,
  AUTH_SECRET: authSecret(),
  AUTH_TRUST_HOST: "true",
  AUTH_URL: env.AUTH_URL ?? `http://127.0.0.1:${env.PORT}`,
  DEMO_ADAPTERS_URL: adapters.url,
  // The demo adapters run on loopback; this local server may call them.
  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
};

// The demo network is seeded once; after that the database is the publishers'.
const seeded = await run(bin("tsx"), ["--conditions=react-server", "scripts/db-seed.ts", "--if-empty"], childEnv);
if (seeded !== 0) await shutdown(seeded);

if (!dev && !buildIsCurrent()) {
  console.log("building Explore (first start or changed sources)…");
  const built = await run("bash", ["deploy/build-web.sh"], childEnv);
  if (built !== 0) await shutdown(built);
}

// The demo serves the production build (Next's standalone server, as production does), but it is no production
// deployment: EXPLORE_DEMO lets it call loopback adapters and run without production's secrets and mail server.
const demoEnv = { ...childEnv, EXPLORE_DEMO: "1" };
const web = dev
  ? startChild(bin("next"), ["dev", "--hostname", "127.0.0.1", "--port", String(env.PORT)], childEnv)
  : startChild("bash", ["deploy/web.sh"], { ...demoEnv, HOSTNAME: "127.0.0.1", PORT: String(env.PORT) });
web.once("exit", (code) => void shutdown(code ?? 0));
// The sample-test worker beside it (npm run worker runs it alone); react-server lets it load server-only modules.
const worker = startChild(bin("tsx"), ["--conditions=react-server", "scripts/worker.ts"], { ...demoEnv, NODE_ENV: "production" });
worker.once("exit", (code) => void shutdown(code ?? 0));
console.log(`Explore: http://127.0.0.1:${env.PORT}  (Ctrl-C stops it)`);
