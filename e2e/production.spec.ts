import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { latestSignInLink, messagesTo, smtpUrlFile } from "./mailbox";
import { freePort, uniqueEmail } from "./helpers";

// The production path of docs/operations.md on a throw-away database: migrations, then the web server under
// NODE_ENV=production (no seeding, no loopback switch), then a person signs in.

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const testDatabase = process.env.DATABASE_URL ?? "";
/** What a production host would have: the system's PATH and HOME and Explore's own settings, nothing of the test stack's. */
function hostEnv(extra: Record<string, string> & { NODE_ENV: "production" }): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

/** Explore's own settings for a production server on loopback `port` with `database`, its mail to the suite's SMTP sink. */
function productionSettings(database: string, port: number) {
  return {
    NODE_ENV: "production" as const,
    DATABASE_URL: database,
    SMTP_URL: readFileSync(smtpUrlFile, "utf8").trim(),
    AUTH_SECRET: "explore-production-e2e-secret-000000000000",
    AUTH_URL: `http://127.0.0.1:${port}`,
    EXPLORE_SECRET_KEYS: "e2e:ZXhwbG9yZS1wcm9kdWN0aW9uLWUyZS1rZXktMDAwMDA=",
    HOSTNAME: "127.0.0.1",
    PORT: String(port),
  };
}

/** Runs a command to its end: exit code and what it printed. */
async function runToEnd(args: string[], env: Record<string, string> & { NODE_ENV: "production" }): Promise<{ code: number | null; output: string }> {
  const child = spawn(tsx, args, { cwd: root, env: hostEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

test.describe("the production start", () => {
  let database = "";
  let server: ChildProcess | null = null;
  let port = 0;
  const admin = new pg.Client({ connectionString: testDatabase });

  test.beforeAll(async () => {
    await admin.connect();
    const name = `explore_production_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(testDatabase);
    url.pathname = `/${name}`;
    database = url.toString();
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(database).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  });

  test("migrates, refuses demo settings, serves without the demo network, and signs a person in", async ({ page }) => {
    test.setTimeout(120_000);
    port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const production = productionSettings(database, port);

    const migrated = await runToEnd(["scripts/db-migrate.ts", "deploy"], production);
    expect(migrated.code, migrated.output).toBe(0);

    // Settings only the demo may use, and settings production cannot do without, stop it with their names.
    const loopback = await runToEnd(["scripts/serve.ts"], { ...production, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" });
    expect(loopback.code).not.toBe(0);
    expect(loopback.output).toContain("EXPLORE_ALLOW_LOOPBACK_ADAPTERS: is for the demo and tests only");
    const { AUTH_SECRET: _secret, ...withoutSecret } = production;
    const noSecret = await runToEnd(["scripts/serve.ts"], withoutSecret);
    expect(noSecret.code).not.toBe(0);
    expect(noSecret.output).toContain("AUTH_SECRET");

    // As `npm run serve` starts it: node itself, so SIGTERM reaches the server with no wrapper process between.
    const web = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], { cwd: root, env: hostEnv(production), stdio: ["ignore", "pipe", "inherit"] });
    server = web;
    let logs = "";
    web.stdout?.on("data", (c: Buffer) => (logs += c.toString()));
    await expect.poll(() => logs, { timeout: 60_000 }).toContain('"msg":"Explore listening"');
    // Structured logs: one JSON object a line.
    const listening = logs.split("\n").find((line) => line.includes("Explore listening")) ?? "";
    expect(JSON.parse(listening)).toMatchObject({ level: "info", url: origin, nodeEnv: "production" });

    const health = await page.request.get(`${origin}/api/health`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, database: "reachable", migrations: "current", pending: [] });
    // The server started search's index, and loaded it (an empty marketplace: no listings).
    await expect
      .poll(async () => (await (await page.request.get(`${origin}/api/health`)).json()).searchIndex, { timeout: 30_000 })
      .toEqual({ state: "current", listings: 0 });

    // No demo network: an empty marketplace.
    const services = await (await page.request.get(`${origin}/api/v1/services?include_unreachable=true`)).json();
    expect(services.services).toEqual([]);

    const email = uniqueEmail("production");
    const before = messagesTo(email).length;
    await page.goto(`${origin}/sign-in?callbackUrl=%2Fsettings`);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect.poll(() => messagesTo(email).length).toBeGreaterThan(before);
    const link = latestSignInLink(email) ?? "";
    expect(link.startsWith(`${origin}/api/auth/callback/nodemailer`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(`${origin}/settings`);
    await expect(page.getByLabel("Date of birth")).toBeVisible();

    // SIGTERM: it stops accepting, finishes, logs and exits 0.
    web.kill("SIGTERM");
    const [code] = (await once(web, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(logs).toContain('"msg":"stopped"');
  });
});

/** `npm run serve` with WEB_PROCESSES=2 on the stack's database, and its log lines by message. */
function startTwoProcesses(port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const web = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: hostEnv({ ...productionSettings(testDatabase, port), WEB_PROCESSES: "2" }),
  });
  let logs = "";
  web.stdout.on("data", (c: Buffer) => (logs += c.toString()));
  web.stderr.on("data", (c: Buffer) => (logs += c.toString()));
  const lines = (msg: string) =>
    logs
      .split("\n")
      .filter((line) => line.includes(`"msg":"${msg}"`))
      .map((line) => JSON.parse(line) as { pid?: number; signal?: string });
  /** Stops whatever is left of it, the copies too (a failed test must not leave servers behind). */
  const cleanUp = async () => {
    if (web.exitCode === null && web.signalCode === null) {
      web.kill("SIGKILL");
      await once(web, "exit");
    }
    for (const { pid } of lines("Explore listening")) {
      try {
        process.kill(pid ?? 0, "SIGKILL");
      } catch {
        // already stopped
      }
    }
  };
  return { origin, web, lines, cleanUp };
}

test.describe("several web processes (WEB_PROCESSES)", () => {
  test("serve on one port, a process that dies is replaced, and SIGTERM stops them all", async ({ request }) => {
    test.setTimeout(120_000);
    const { origin, web, lines, cleanUp } = startTwoProcesses(await freePort());
    try {
      await expect.poll(() => lines("Explore listening").length, { timeout: 60_000 }).toBe(2);
      const [first, second] = lines("Explore listening").map((line) => line.pid ?? 0);
      expect(first).not.toBe(second);
      expect((await request.get(`${origin}/api/health`)).status()).toBe(200);

      // One process killed outright: the other goes on answering, and a new one takes its place.
      process.kill(first ?? 0, "SIGKILL");
      await expect.poll(() => lines("a web process stopped; starting another").map((line) => line.signal)).toEqual(["SIGKILL"]);
      expect((await request.get(`${origin}/api/health`)).status()).toBe(200);
      await expect.poll(() => lines("Explore listening").length, { timeout: 60_000 }).toBe(3);
      const replacement = lines("Explore listening")[2]?.pid ?? 0;

      web.kill("SIGTERM");
      const [code] = (await once(web, "exit")) as [number | null];
      expect(code).toBe(0);
      expect(lines("stopped")).toHaveLength(2);
      // Neither copy outlives the process that started them.
      for (const pid of [second ?? 0, replacement]) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await cleanUp();
    }
  });

  test("copies that keep failing (their port is taken) are given up on, and the command exits 1", async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const squatter = createServer().listen(port, "127.0.0.1");
    await once(squatter, "listening");
    const { web, lines, cleanUp } = startTwoProcesses(port);
    try {
      const [code] = (await once(web, "exit")) as [number | null];
      expect(code).toBe(1);
      expect(lines("web processes keep stopping: stopping them all")).toHaveLength(1);
      expect(lines("Explore listening")).toEqual([]);
    } finally {
      await cleanUp();
      squatter.close();
    }
  });
});
