import "server-only";
import { db } from "@/lib/db";
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableHeaders, isDatabaseUnavailable } from "./database-unavailable";

// Pages answer 503 while PostgreSQL cannot be reached. Next decides a page's status before Explore's code could
// choose another, so the render that meets the outage first answers 500; that failure (instrumentation.ts,
// onRequestError) marks the database unreachable here, and while it is marked proxy.ts answers the pages 503 with
// Retry-After in words, asking PostgreSQL again at most once a second until it answers. Route handlers answer 503
// themselves (database-unavailable.ts). The state is on globalThis: Next bundles instrumentation.ts apart from proxy.ts.

const KEY = Symbol.for("explore.databaseOutage");
/** How often, at most, a marked outage asks PostgreSQL whether it is back. */
const PROBE_EVERY_MS = 1_000;
/** A probe that takes longer counts as "still unreachable". */
const PROBE_TIMEOUT_MS = 1_000;

type Outage = { probedAt: number; probe: Promise<boolean> | null };
type Holder = { [KEY]?: Outage | null };

/** Called with a request's failure: an unreachable database marks the outage, anything else is not this module's. */
export function noteRequestError(error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  const holder = globalThis as Holder;
  holder[KEY] ??= { probedAt: Date.now(), probe: null };
}

async function reachable(): Promise<boolean> {
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
