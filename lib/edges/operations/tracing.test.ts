import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTracing, tracesExporters } from "@/lib/edges/operations/tracing";
import { parseEnv as parseAll } from "@/lib/foundations/env";

const parseEnv = (vars: Record<string, string>) => parseAll({ NODE_ENV: "test", ...vars });

// A loopback OTLP/HTTP collector: it keeps each body POSTed to /v1/traces.
const posts: { path: string; body: string }[] = [];
let arrived: () => void = () => {};
const server = createServer((req: IncomingMessage, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    posts.push({ path: req.url ?? "", body });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
    arrived();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("chooses the exporter from the standard variables: none unless an endpoint or an exporter is named", () => {
  expect(tracesExporters(parseEnv({}))).toEqual([]);
  expect(tracesExporters(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }))).toEqual(["otlp"]);
  expect(tracesExporters(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_EXPORTER: "none" }))).toEqual([]);
  expect(tracesExporters(parseEnv({ OTEL_TRACES_EXPORTER: "console" }))).toEqual(["console"]);
  expect(() => parseEnv({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER: each entry must be otlp, console or none \(got "zipkin"\)/);
  expect(() => parseEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: only http\/json/);
  expect(() => startTracing(parseEnv({ OTEL_TRACES_EXPORTER: "otlp" }))).toThrow(/otlp needs OTEL_EXPORTER_OTLP_ENDPOINT/);
});

it("sends finished spans to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces as OTLP JSON", async () => {
  const { port } = server.address() as AddressInfo;
  const provider = startTracing(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`, OTEL_SERVICE_NAME: "explore-test" }));
  const exported = new Promise<void>((resolve) => (arrived = resolve));
  trace.getTracer("test").startActiveSpan("GET /agents", (span) => span.end());
  await provider.forceFlush();
  await exported;
  expect(posts.map((p) => p.path)).toEqual(["/v1/traces"]);
  expect(posts[0]?.body).toContain('"GET /agents"');
  expect(posts[0]?.body).toContain('"explore-test"');
  await provider.shutdown();
});
