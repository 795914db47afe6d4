import { afterAll, describe, expect, it, vi } from "vitest";

// A read that fails inside a tool (here the database's refusal, as PostgreSQL words it) reaches the log, never the
// caller: the answer is a tool error in general words.
vi.mock("@/lib/domain/requests/requests", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/domain/requests/requests")>();
  return {
    ...actual,
    listRequests: vi.fn(() =>
      Promise.reject(
        new Error('Invalid `prisma.$queryRaw()` invocation: Raw query failed. Code: `22021`. Message: `invalid byte sequence for encoding "UTF8": 0x00`'),
      ),
    ),
  };
});

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { POST } from "@/app/mcp/route";
import { log } from "@/lib/foundations/log";

const client = new Client({ name: "failure-test", version: "1.0.0" });

afterAll(async () => {
  await client.close();
});

describe("/mcp when a tool fails", () => {
  it("answers in general words and never with the exception's text", async () => {
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: (url, init) => POST(new Request(url, init)),
        requestInit: { headers: { "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.11` } },
      }),
    );
    const errors = vi.spyOn(log, "error");
    const result = await client.callTool({ name: "list_capability_requests", arguments: { query: "ocr" } });
    const logged = JSON.stringify(errors.mock.calls.map(([message, fields]) => [message, String((fields as { error?: unknown } | undefined)?.error)]));
    errors.mockRestore();
    expect(result.isError).toBe(true);
    const text = z
      .array(z.object({ text: z.string() }))
      .parse(result.content)
      .map((c) => c.text)
      .join(" ");
    expect(text).toBe("list_capability_requests could not be answered just now; try again later.");
    expect(JSON.stringify(result)).not.toMatch(/prisma|invocation|22021|UTF8/i);
    // The log has it, for whoever runs Explore.
    expect(logged).toContain("22021");
  });
});
