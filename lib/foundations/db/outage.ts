import "server-only";
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableHeaders, isDatabaseUnavailable } from "./unavailable";

// Pages answer 503 while PostgreSQL cannot be reached. Next decides a page's status before Explore's code could
// choose another, so proxy.ts must know of the outage before the page renders: the pool's own connections report
// it as PostgreSQL drops them (lib/foundations/db/client.ts), and a render that failed on it reports it too (instrumentation.ts,
// onRequestError). While it is marked, proxy.ts answers the pages 503 with Retry-After in words, asking PostgreSQL
// again at most once a second until it answers. Route handlers answer 503 themselves (database-unavailable.ts).
// The state is on globalThis: Next bundles instrumentation.ts apart from proxy.ts.

const KEY = Symbol.for("explore.databaseOutage");
/** How often, at most, a marked outage asks PostgreSQL whether it is back. */
const PROBE_EVERY_MS = 1_000;
/** A probe that takes longer counts as "still unreachable". */
const PROBE_TIMEOUT_MS = 1_000;

type Outage = { since: number; probedAt: number; probe: Promise<boolean> | null };
type Holder = { [KEY]?: Outage | null };

/** Called with a failure (a request's, a pooled connection's): an unreachable database marks the outage. */
export function noteFailure(error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  const holder = globalThis as Holder;
  holder[KEY] ??= { since: Date.now(), probedAt: Date.now(), probe: null };
}

/** When the outage marked now began (ms since the epoch), or null (no query). */
export function outageSince(): number | null {
  return (globalThis as Holder)[KEY]?.since ?? null;
}

async function reachable(): Promise<boolean> {
  // Loaded here: lib/foundations/db/client reports its connections' failures to this module.
  const { db } = await import("@/lib/foundations/db/client");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  const answered = db.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a marked outage goes on: no query at all while none is marked, one probe a second while one is. */
export async function databaseOutage(now = Date.now()): Promise<boolean> {
  const holder = globalThis as Holder;
  const outage = holder[KEY];
  if (!outage) return false;
  if (outage.probe === null && now - outage.probedAt >= PROBE_EVERY_MS) {
    outage.probedAt = now;
    outage.probe = reachable().then((back) => {
      outage.probe = null;
      if (back && holder[KEY] === outage) holder[KEY] = null;
      return back;
    });
  }
  if (outage.probe !== null && !(await outage.probe)) return true;
  return holder[KEY] === outage;
}

/** The 503 a page request gets during an outage: a sentence, as the error page would say it, and when to ask again. */
export function outageAnswer(): Response {
  return new Response(`Temporarily unavailable. ${DATABASE_UNAVAILABLE_MESSAGE}`, {
    status: 503,
    headers: { ...databaseUnavailableHeaders(), "content-type": "text/plain; charset=utf-8" },
  });
}
