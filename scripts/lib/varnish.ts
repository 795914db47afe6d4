// Starts Varnish through deploy/varnish.sh (the script compose and production use) on loopback, in front of the
// backends a test gives, for the VCL's tests and the production-topology stack.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningVarnish = { url: string; port: number; stop(): Promise<void> };

export type VarnishOptions = {
  port: number;
  /** Web instances on loopback, taken in turn (round robin; by Mcp-Session-Id for an MCP client that sends one). */
  backendPorts: number[];
  /** Who may purge (VCL ACL entries, quoted); loopback's 127.0.0.1 unless told. */
  purgers?: string[];
  /** Where varnishd's output goes (default: kept, and printed only if it fails to start). */
  log?: (line: string) => void;
};

/** The backends.vcl for loopback web instances. */
export function loopbackBackends(ports: number[], purgers: string[] = ['"127.0.0.1"']): string {
  if (ports.length === 0) throw new Error("Varnish needs at least one backend");
  const backends = ports.map((port, i) => `backend web${i} {\n  .host = "127.0.0.1";\n  .port = "${port}";\n}\n`).join("\n");
  const adds = ports.map((_, i) => `  web.add_backend(web${i});\n  sticky.add_backend(web${i}, 1.0);`).join("\n");
  const acl = purgers.map((p) => `  ${p};`).join("\n");
  // As deploy/varnish/backends.compose.vcl: an MCP client's Mcp-Session-Id keeps it on one instance.
  const choose = `  if (req.http.Mcp-Session-Id) {\n    set req.backend_hint = sticky.backend(req.http.Mcp-Session-Id);\n  } else {\n    set req.backend_hint = web.backend();\n  }`;
  return `import directors;\n\n${backends}\nacl purgers {\n${acl}\n}\n\nsub vcl_init {\n  new web = directors.round_robin();\n  new sticky = directors.hash();\n${adds}\n}\n\nsub vcl_recv {\n${choose}\n}\n`;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startVarnish(options: VarnishOptions): Promise<RunningVarnish> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "explore-varnish-"));
  const backends = path.join(dir, "backends.vcl");
  writeFileSync(backends, loopbackBackends(options.backendPorts, options.purgers));
  const child = spawn(path.join(ROOT, "deploy/varnish.sh"), [], {
    env: {
      ...process.env,
      VARNISH_LISTEN: `127.0.0.1:${options.port}`,
      VARNISH_BACKENDS: backends,
      VARNISH_WORKDIR: path.join(dir, "work"),
      VARNISH_STORAGE: "malloc,32m",
      VARNISH_JAIL: "none",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      output.push(line);
      options.log?.(line);
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = once(child, "exit");
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (!gone) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // varnishd answers once its child has loaded the VCL; until then the port refuses connections.
  const deadline = Date.now() + 30_000;
  while (!(await accepting(options.port))) {
    if (gone || Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not start on port ${options.port}:\n${output.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${options.port}`, port: options.port, stop };
}
