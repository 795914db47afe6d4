// The production server (deploy/web.sh: Next's standalone server) as the benchmarks start it: on loopback;
// and the bare Next page they measure it against.
import type { ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { get } from "node:http";
import path from "node:path";
import { bin, run, startChild } from "../scripts/lib/children";
import { projectRoot } from "../scripts/lib/database";

export async function waitForServer(origin: string, probe = "/robots.txt"): Promise<void> {
  // 60 s: on a loaded shared machine the production server has taken more than 20 s to start.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${origin}${probe}`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the web server did not come up");
}

/** The health check's search index state, asked on a connection of its own. */
function indexState(at: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    get(`${at}/api/health`, { agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve((JSON.parse(body) as { searchIndex?: { state?: string } }).searchIndex?.state));
    }).on("error", reject);
  });
}

/** Waits until the server searches from memory (its health check says so); returns how long that took. */
export async function searchIndexLoaded(at: string): Promise<number> {
  const started = performance.now();
  while ((await indexState(at)) !== "current") await new Promise((r) => setTimeout(r, 200));
  return performance.now() - started;
}

/** The standalone build (deploy/build-web.sh) served as production serves it, with no cache in front. */
export async function startServer(databaseUrl: string, options: { port: number; env?: Record<string, string> }): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${options.port}`;
  const child = startChild("bash", ["deploy/web.sh"], {
    HOSTNAME: "127.0.0.1",
    PORT: String(options.port),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "explore-bench-secret-explore-bench-secret-00",
    AUTH_URL: origin,
    EXPLORE_SECRET_KEYS: "bench:ZXhwbG9yZS1iZW5jaC1zZWNyZXQta2V5LTAwMDAwMDA=",
    NODE_ENV: "production",
    // Required in production; the benchmarks sign no one in, so nothing listens there.
    SMTP_URL: "smtp://127.0.0.1:9",
    ...options.env,
  });
  await waitForServer(origin);
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * bench/baseline-app under `next start`: a Next page with nothing of Explore's, built with the same next and
 * react, so a bench can print the framework's own floor beside Explore's pages in the same run. It is built in
 * a folder of its own outside the project: built inside it, Next takes in the project's proxy.ts and
 * instrumentation.ts.
 */
export async function startBaseline(port: number): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "explore-baseline-"));
  await cp(path.join(projectRoot, "bench/baseline-app"), dir, { recursive: true });
  await symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  // Turbopack resolves nothing outside its root; the linked node_modules live in the project.
  await writeFile(path.join(dir, "next.config.mjs"), `export default { turbopack: { root: "/" } };\n`);
  if ((await run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" }, dir)) !== 0) throw new Error("the baseline app did not build");
  const child = startChild(bin("next"), ["start", "-H", "127.0.0.1", "-p", String(port)], { NEXT_TELEMETRY_DISABLED: "1" }, dir);
  const stop = async () => {
    await stopServer(child);
    await rm(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(origin, "/");
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid ?? 0, stop };
}
