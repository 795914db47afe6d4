import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// The MCP Inspector's CLI (a third-party MCP client) as the end-to-end tests drive it: one process per call,
// over Streamable HTTP, its server catalog in a folder of its own (not the home directory), removed afterwards.

const run = promisify(execFile);

/** Runs the Inspector's CLI against an MCP endpoint with `args` (e.g. "--method", "tools/list"). */
export async function inspectorRun(endpoint: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "inspector-"));
  try {
    return await run(path.resolve("node_modules/.bin/mcp-inspector"), ["--cli", endpoint, "--transport", "http", ...args], {
      env: { ...process.env, MCP_CATALOG_PATH: path.join(dir, "mcp.json") },
      timeout: 60_000,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type InspectorResult = { isError: boolean; structured: Record<string, unknown>; text: string };

/** Calls one tool through the Inspector's CLI with JSON arguments (and headers such as Authorization). */
export async function inspectorCall(endpoint: string, tool: string, args: Record<string, unknown>, headers: string[] = []): Promise<InspectorResult> {
  const header = headers.flatMap((h) => ["--header", h]);
  // A tool error still prints the result; the CLI then exits non-zero (its "tool_is_error").
  const stdout = await inspectorRun(endpoint, ...header, "--method", "tools/call", "--tool-name", tool, "--tool-args-json", JSON.stringify(args)).then(
    (done) => done.stdout,
    (error: unknown) => {
      const printed = typeof error === "object" && error !== null && "stdout" in error && typeof error.stdout === "string" ? error.stdout : "";
      if (!printed.trim().startsWith("{")) throw error;
      return printed;
    },
  );
  const result = JSON.parse(stdout) as { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { type: string; text?: string }[] };
  return { isError: result.isError === true, structured: result.structuredContent ?? {}, text: (result.content ?? []).map((c) => c.text ?? "").join(" ") };
}
