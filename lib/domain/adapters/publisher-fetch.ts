// The guarded fetch every outbound call to a publisher's URL uses, configured once per process
// (a single instance also lets MCP clients be reused per endpoint).
import { env } from "@/lib/foundations/env";
import { createGuardedFetch, type GuardedFetch } from "./guarded-fetch";

// Slow tools that answer with plain JSON send no headers until done; the call's own deadline
// (max_duration_seconds) bounds them, so the transport's header timeout must not cut in first.
const LONGEST_DECLARED_DURATION_MS = 3_600_000;

let instance: GuardedFetch | undefined;

export function publisherFetch(): GuardedFetch {
  instance ??= createGuardedFetch({
    // One development/test switch: loopback allowed, and plain http with it (the demo adapters).
    allowLoopback: env.EXPLORE_ALLOW_LOOPBACK_ADAPTERS,
    requireHttps: !env.EXPLORE_ALLOW_LOOPBACK_ADAPTERS,
    maxResponseBytes: env.ADAPTER_MAX_RESPONSE_BYTES,
    headersTimeoutMs: LONGEST_DECLARED_DURATION_MS,
    bodyTimeoutMs: LONGEST_DECLARED_DURATION_MS,
  });
  return instance;
}

/** The deadline of one call: the capability's declared bound, or 60 s when it declares none. */
export function callDeadlineMs(maxDurationSeconds: number | null): number {
  return (maxDurationSeconds ?? 60) * 1000;
}
