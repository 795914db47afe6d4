import { spawn } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import path from "node:path";
import { freePort } from "./mcp-test-servers";

// The MCP reference server (@modelcontextprotocol/server-everything) over Streamable HTTP, as a child process
// on a free port: a third-party server Explore did not write. Stopped by its own PID. Its output (a line per
// request) is not kept; a server that fails to start shows as its port never opening.

export type EverythingServer = { url: string; stop(): Promise<void> };

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`server-everything did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startEverythingServer(): Promise<EverythingServer> {
  const port = await freePort();
  const entry = path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  // Only what it needs: the reference server has a tool that prints its environment.
  const child = spawn(process.execPath, [entry, "streamableHttp"], { env: { PORT: String(port), NODE_ENV: "test" }, stdio: "ignore" });
  const exited = once(child, "exit");
  await waitForPort(port, 15_000);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGTERM");
      await exited;
    },
  };
}
