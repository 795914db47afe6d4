import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { latestSignInLink, messagesTo, smtpUrlFile } from "./mailbox";
import { freePort, uniqueEmail } from "./helpers";

// The production path of docs/operations.md on a throw-away database: migrations, then Next's standalone server
// as deploy/web.sh starts it (no seeding, no loopback switch), then a person signs in, then SIGTERM.

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
async function runToEnd(
  command: string,
  args: string[],
  env: Record<string, string> & { NODE_ENV: "production" },
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: root, env: hostEnv(env), stdio: ["ignore", "pipe", "pipe"] });
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

    const migrated = await runToEnd(tsx, ["scripts/db-migrate.ts", "deploy"], production);
    expect(migrated.code, migrated.output).toBe(0);

    // Settings only the demo may use, and settings production cannot do without, stop it with their names: the
    // process exits rather than stay up answering 500.
    const loopback = await runToEnd("bash", ["deploy/web.sh"], { ...production, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" });
    expect(loopback.code).not.toBe(0);
    expect(loopback.output).toContain("EXPLORE_ALLOW_LOOPBACK_ADAPTERS: is for the demo and tests only");
    const { AUTH_SECRET: _secret, ...withoutSecret } = production;
    const noSecret = await runToEnd("bash", ["deploy/web.sh"], withoutSecret);
    expect(noSecret.code).not.toBe(0);
    expect(noSecret.output).toContain("AUTH_SECRET");

    // deploy/web.sh execs node, so SIGTERM reaches the server with no wrapper process between.
    const web = spawn("bash", ["deploy/web.sh"], { cwd: root, env: hostEnv(production), stdio: ["ignore", "inherit", "inherit"] });
    server = web;
    await expect.poll(async () => (await fetch(`${origin}/api/health/live`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);

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

    // SIGTERM while a request is in flight (its body still on its way): the server stops accepting connections,
    // the request is answered in full, and then the process exits (143: ended by SIGTERM, as Next's server reports it).
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    try {
      let answer = "";
      socket.on("data", (c: Buffer) => (answer += c.toString()));
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      // The server has taken the connection in (one accepted after it has been answered).
      expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);
      const exited = once(web, "exit");
      web.kill("SIGTERM");
      // A new connection is refused (each attempt on a socket of its own, never a kept-alive one).
      const newConnection = () =>
        new Promise<string>((resolve) => {
          const probe = connect(port, "127.0.0.1");
          probe.once("connect", () => (probe.destroy(), resolve("accepted")));
          probe.once("error", () => resolve("refused"));
        });
      await expect.poll(newConnection).toBe("refused");
      expect(web.exitCode).toBeNull();
      socket.end(body.slice(10));
      await once(socket, "close");
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('"jsonrpc":"2.0"');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(143);
    } finally {
      socket.destroy();
    }
  });
});
