import { isDatabaseUnavailable } from "@/lib/foundations/db/unavailable";

// A read that met PostgreSQL going away (a restart, a fail-over) is asked once more when it is back, so a page
// that was already rendering answers in full instead of failing: pages pass the proxy's outage check
// (lib/foundations/db/outage.ts) before they meet the outage, and Next gives a page that throws a 500. Only reads
// are asked again: a write whose connection died may have been done, and doing it twice is not Explore's to decide.
// No file here imports lib/foundations/db/client, so lib/foundations/db/client can use it.

const READ_OPERATIONS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
/** SQL that may change something, or take a lock, however it begins. */
const NOT_A_READ = /\b(insert|update|delete|merge|truncate|lock|nextval|setval|pg_advisory\w*|pg_notify|set_config|for\s+update|for\s+share)\b/i;
/** How long after an outage began a read waits for PostgreSQL to come back; after that it fails as it first did. */
export const READ_RETRY_WAIT_MS = 5_000;
const PROBE_EVERY_MS = 150;

/** The SQL text of a raw query's arguments ($queryRaw's template, $queryRawUnsafe's string), or null. */
function sqlText(operation: string, args: unknown): string | null {
  if (operation === "$queryRawUnsafe") return Array.isArray(args) && typeof args[0] === "string" ? args[0] : null;
  if (operation !== "$queryRaw" || typeof args !== "object" || args === null) return null;
  const strings = Reflect.get(args, "strings") ?? (Array.isArray(args) ? args[0] : undefined);
  if (Array.isArray(strings)) return strings.join(" ");
  const sql = Reflect.get(args, "sql");
  return typeof sql === "string" ? sql : null;
}

/** Whether an operation only reads: a model's read, or raw SQL that is a SELECT (or WITH … SELECT) and nothing else. */
export function isReadOperation(operation: string, args: unknown): boolean {
  if (READ_OPERATIONS.has(operation)) return true;
  const text = sqlText(operation, args);
  return text !== null && /^\s*(select|with)\b/i.test(text) && !NOT_A_READ.test(text);
}

/** Waits until `probe` answers (PostgreSQL is back), at most `waitMs`; whether it did. */
export async function waitUntilBack(probe: () => Promise<unknown>, waitMs = READ_RETRY_WAIT_MS): Promise<boolean> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    try {
      await probe();
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  }
  return false;
}

export type ReadRetry = {
  /** Answers once PostgreSQL does. */
  probe: () => Promise<unknown>;
  /** When the outage known now began (lib/foundations/db/outage.ts), or null. */
  outageSince: () => number | null;
};

/**
 * Runs a query; a read that failed because PostgreSQL went away runs once more when it is back, if that is within
 * READ_RETRY_WAIT_MS of the outage's start: a restart is waited out, a long outage fails fast (503) once it is old.
 */
export async function readAgainWhenBack<T>(operation: string, args: unknown, query: () => Promise<T>, retry: ReadRetry): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (!isDatabaseUnavailable(error) || !isReadOperation(operation, args)) throw error;
    const waitMs = (retry.outageSince() ?? Date.now()) + READ_RETRY_WAIT_MS - Date.now();
    if (waitMs <= 0 || !(await waitUntilBack(retry.probe, waitMs))) throw error;
    return query();
  }
}
