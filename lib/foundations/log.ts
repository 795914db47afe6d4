// Structured logs through pino: one JSON object a line on stdout, which every log collector reads as it is.
// The web server and the worker log through here; Next's own messages stay as Next writes them.
//
// A line written while a request is served carries its requestId: the trace id of the request's span, which Next
// opens for each request once instrumentation.node.ts has registered a tracer provider (always, exporter or not),
// and which continues the trace id of an incoming W3C `traceparent` header when the load balancer sends one.
import { isSpanContextValid, trace } from "@opentelemetry/api";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/lib/foundations/env";

type Fields = Record<string, unknown>;
export type Log = {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
};

function requestId(): { requestId?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { requestId: context.traceId } : {};
}

// An Error under any key (callers name it `error`, a cause, …) is written with its type, message, stack and cause,
// not as the `{}` JSON makes of it.
function serialised(fields: Fields): Fields {
  let out: Fields | null = null;
  for (const [key, value] of Object.entries(fields)) {
    if (!(value instanceof Error)) continue;
    out ??= { ...fields };
    out[key] = pino.stdSerializers.err(value);
  }
  return out ?? fields;
}

function wrap(logger: Logger): Log {
  return {
    debug: (message, fields = {}) => logger.debug(serialised(fields), message),
    info: (message, fields = {}) => logger.info(serialised(fields), message),
    warn: (message, fields = {}) => logger.warn(serialised(fields), message),
    error: (message, fields = {}) => logger.error(serialised(fields), message),
  };
}

/** A log writing to `destination` (stdout by default), from `level` up. */
export function createLog(destination: DestinationStream = pino.destination({ fd: 1, sync: true }), level: string = env.LOG_LEVEL): Log {
  const logger = pino(
    {
      level,
      // Levels by name and times as ISO 8601, which a reader of the raw line understands without pino's tables.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: requestId,
    },
    destination,
  );
  return wrap(logger);
}

export const log: Log = createLog();
