// The production server (scripts/serve.ts) as the benchmarks start it: on loopback, under NODE_ENV=production.
import type { ChildProcess } from "node:child_process";
import { bin, startChild } from "../scripts/lib/children";

async function waitForServer(origin: string): Promise<void> {
  // 60 s: on a loaded shared machine the production server has taken more than 20 s to start.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the web server did not come up");
}

export async function startServer(databaseUrl: string, options: { port: number; sharedCache: boolean; env?: Record<string, string> }): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${options.port}`;
  const flags = options.sharedCache ? [] : ["--no-shared-cache"];
  const child = startChild(bin("tsx"), ["scripts/serve.ts", ...flags, "--hostname", "127.0.0.1", "--port", String(options.port)], {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "explore-bench-secret-explore-bench-secret-00",
    AUTH_URL: origin,
    EXPLORE_SECRET_KEYS: "bench:ZXhwbG9yZS1iZW5jaC1zZWNyZXQta2V5LTAwMDAwMDA=",
    NODE_ENV: "production",
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
