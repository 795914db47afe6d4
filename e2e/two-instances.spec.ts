import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, sharedAnswer } from "./helpers";

// Two web servers on one database, each with its own shared cache: a listing re-imported as mature, by the
// CLI in a third process, disappears for signed-out visitors of both within 2 s, on every path that showed it.

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "explore-two-"));

function importWithCli(text: string): Promise<{ code: number; stderr: string }> {
  const file = path.join(dir, `agent-${Date.now()}.json`);
  writeFileSync(file, text);
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, "bin/explore.mjs"), "import", file, "--owner", "two-instances@example.com"], { cwd: dir }, (error, _out, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

// In every answer that shows the listing (its summary), and in none that does not: not even a 404's echo of the URL.
const MARK = "by Quillaby";

function agentFile(handle: string, mature: boolean): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "durable",
    agent: { handle, display_name: "Two Instances", purpose: "Pairs wines for the two-instance test." },
    adapter: { endpoint: "https://wine.example.com/mcp" },
    capabilities: [
      {
        tool: "pair_wine",
        name: "Zinfandel pairing",
        summary: `Suggests a zinfandel for a dish, ${MARK}.`,
        category: "food.recipes",
        limitations: "Red wines only.",
        class: "read_only",
        ...(mature ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
      },
    ],
  });
}

test.describe("two web instances", () => {
  let second: ChildProcess | null = null;
  let secondOrigin = "";

  test.beforeAll(async () => {
    const port = await freePort();
    secondOrigin = `http://127.0.0.1:${port}`;
    second = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/serve.ts", "--hostname", "127.0.0.1", "--port", String(port)], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", AUTH_URL: secondOrigin, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1", RATE_LIMIT_API: "100000/1m" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let logs = "";
    second.stdout?.on("data", (c: Buffer) => (logs += c.toString()));
    await expect.poll(() => logs, { timeout: 60_000 }).toContain('"msg":"Explore listening"');
  });

  test.afterAll(async () => {
    if (second && second.exitCode === null) {
      second.kill("SIGTERM");
      await once(second, "exit");
    }
  });

  test("a listing re-imported as mature disappears from both within 2 s, on every path", async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    const handle = `@two-${Date.now().toString(36)}`;
    expect(await importWithCli(agentFile(handle, false))).toMatchObject({ code: 0, stderr: "" });

    const origins = [baseURL ?? "", secondOrigin];
    const paths = [
      `/services/${handle}/cap_pair_wine`,
      `/agents/${handle}`,
      "/?q=zinfandel",
      `/api/v1/services?query=zinfandel`,
      `/api/v1/services/${handle}/cap_pair_wine`,
    ];
    const urls = origins.flatMap((origin) => paths.map((p) => `${origin}${p}`));
    // Every path on both servers has the listing in its stored answer.
    for (const url of urls) expect(await sharedAnswer(request, url), url).toContain(MARK);

    expect(await importWithCli(agentFile(handle, true))).toMatchObject({ code: 0, stderr: "" });
    const stillShowing = async () => {
      const bodies = await Promise.all(urls.map(async (url) => ({ url, body: await (await request.get(url)).text() })));
      return bodies.filter((b) => b.body.includes(MARK)).map((b) => b.url);
    };
    await expect.poll(stillShowing, { timeout: 2_000, intervals: [100] }).toEqual([]);
  });
});
