import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { z } from "zod";

// The MCP conformance suite (@modelcontextprotocol/conformance, server mode) against the production server's /mcp,
// every scenario that applies to a server without the suite's own test tools:
//   server-initialize, ping, tools-list, dns-rebinding-protection.
// Left out, because they call the suite's own tools, prompts or resources (test_simple_text, test_prompt_with_image,
// test://static-text…), which a marketplace does not carry: tools-call-*, elicitation-*, json-schema-2020-12,
// completion-complete (completes a test prompt), resources-*, prompts-*; logging-set-level (Explore's endpoint
// offers no logging); server-sse-polling and server-sse-multiple-streams (they need a session and SSE streams, and
// the endpoint is stateless and answers JSON).
// The suite needs Node 22 or later: it runs on the project's Node (node_modules/.bin/node).

const run = promisify(execFile);
const SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"] as const;

const checksSchema = z.array(z.looseObject({ id: z.string(), status: z.string(), errorMessage: z.string().optional() }));

for (const scenario of SCENARIOS) {
  test(`the MCP conformance suite's ${scenario} passes against /mcp`, async ({ baseURL }) => {
    const out = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
    try {
      const cli = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
      const url = new URL("/mcp", baseURL).href;
      const { stdout } = await run(path.resolve("node_modules/.bin/node"), [cli, "server", "--url", url, "--scenario", scenario, "--output-dir", out], {
        timeout: 60_000,
      });
      const [folder] = readdirSync(out);
      expect(folder, stdout).toBeDefined();
      const checks = checksSchema.parse(JSON.parse(readFileSync(path.join(out, folder ?? "", "checks.json"), "utf8")));
      expect(checks.length, stdout).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status !== "SUCCESS" && c.status !== "INFO"),
        stdout,
      ).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}
