// OpenTelemetry tracing for the web server (instrumentation.node.ts). A tracer provider is registered whether or not
// traces are sent anywhere: Next opens a span for each request only when one is, and the span's trace id is the
// request id on every log line (lib/foundations/log.ts). Without an exporter nothing is sampled, so each span Next opens is a
// non-recording one that carries the trace id and costs next to nothing; no connection is made.
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TracerProvider,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace";
import type { Env } from "@/lib/foundations/env";

type TracingEnv = Pick<
  Env,
  "OTEL_TRACES_EXPORTER" | "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" | "OTEL_BSP_SCHEDULE_DELAY" | "OTEL_SERVICE_NAME"
>;

/** Where traces go: OTEL_TRACES_EXPORTER when set, else OTLP when an endpoint is, else nowhere. */
export function tracesExporters(env: TracingEnv): ("otlp" | "console")[] {
  if (env.OTEL_TRACES_EXPORTER) return env.OTEL_TRACES_EXPORTER;
  return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? ["otlp"] : [];
}

function otlpTracesUrl(env: TracingEnv): string {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`;
  throw new Error("Explore's configuration is invalid:\n  OTEL_TRACES_EXPORTER: otlp needs OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
}

/** Registers the process's tracer provider, context manager and W3C propagators; returns the provider. */
export function startTracing(env: TracingEnv): TracerProvider {
  const exporters = tracesExporters(env);
  const spanProcessors: SpanProcessor[] = exporters.map(
    (name) =>
      new BatchSpanProcessor({
        exporter: name === "otlp" ? new OTLPTraceExporter({ url: otlpTracesUrl(env) }) : new ConsoleSpanExporter(),
        scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY,
      }),
  );
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME }),
    // An upstream decision (the sampled flag of an incoming traceparent) is kept when traces are sent.
    sampler: exporters.length > 0 ? new ParentBasedSampler({ root: new AlwaysOnSampler() }) : new AlwaysOffSampler(),
    spanProcessors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  return provider;
}
