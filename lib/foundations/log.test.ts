import { Writable } from "node:stream";
import { trace } from "@opentelemetry/api";
import { beforeAll, describe, expect, it } from "vitest";
import { createLog } from "@/lib/foundations/log";
import { startTracing } from "@/lib/edges/operations/tracing";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLog(stream, "info") };
}

beforeAll(() => {
  // As the web server registers it: no exporter, so spans are not recorded, yet they carry trace ids.
  startTracing({
    OTEL_TRACES_EXPORTER: undefined,
    OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
    OTEL_BSP_SCHEDULE_DELAY: 5000,
    OTEL_SERVICE_NAME: "test",
  });
});

describe("log", () => {
  it("writes one JSON object a line with the level's name, the message, the fields and an ISO time", () => {
    const { lines, log } = capture();
    log.warn("the database cannot be reached", { path: "/agents", retryMs: 500 });
    expect(lines).toEqual([expect.objectContaining({ level: "warn", msg: "the database cannot be reached", path: "/agents", retryMs: 500 })]);
    expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time);
    expect(lines[0]).not.toHaveProperty("requestId");
  });

  it("gives every line written inside a request's span that request's id, and another request another", async () => {
    const { lines, log } = capture();
    const tracer = trace.getTracer("test");
    const ids = await Promise.all(
      ["/a", "/b"].map((path) =>
        tracer.startActiveSpan("request", async (span) => {
          log.info("first", { path });
          await new Promise((resolve) => setImmediate(resolve));
          log.error("second", { path });
          span.end();
          return span.spanContext().traceId;
        }),
      ),
    );
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    for (const [i, path] of ["/a", "/b"].entries()) {
      const mine = lines.filter((l) => l.path === path);
      expect(mine.map((l) => [l.msg, l.requestId])).toEqual([
        ["first", ids[i]],
        ["second", ids[i]],
      ]);
    }
  });

  it("writes an error with its type, message, stack and cause under whatever key it is given", () => {
    const { lines, log } = capture();
    log.error("the request failed", { error: new TypeError("bad", { cause: new Error("deeper") }) });
    const error = lines[0]?.error as Record<string, unknown>;
    expect(error).toMatchObject({ type: "TypeError", message: expect.stringContaining("bad") as unknown });
    expect(String(error.stack)).toContain("log.test.ts");
    expect(JSON.stringify(error)).toContain("deeper");
  });

  it("leaves out lines below its level", () => {
    const { lines, log } = capture();
    log.debug("detail");
    log.info("kept");
    expect(lines.map((l) => l.msg)).toEqual(["kept"]);
  });
});
