// When tests run: the pure part of the schedule (lib/domain/sample-tests/schedule.ts applies it).

export const DAILY_MS = 24 * 3_600_000;
/** Each capability's next daily test lands anywhere in ±1 h of 24 h after the last one, so tests never bunch up. */
export const DAILY_JITTER_MS = 3_600_000;
/** Capabilities that have never been scheduled (e.g. after an upgrade) are spread over the first hour. */
export const FIRST_SPREAD_MS = 3_600_000;
export const TEST_NOW_INTERVAL_MS = 60_000;

export function nextDailyRun(startedAt: Date, random: () => number = Math.random): Date {
  return new Date(startedAt.getTime() + DAILY_MS + (random() * 2 - 1) * DAILY_JITTER_MS);
}

export type CapabilitySnapshot = { version: string; endpoint: string; published: boolean };

/**
 * Whether an import calls for a test now: the capability is new, or published just now, or its version
 * or its agent's endpoint changed. `before` is null when the capability did not exist.
 */
export function importCallsForTest(before: CapabilitySnapshot | null, after: CapabilitySnapshot): boolean {
  if (!after.published) return false;
  if (before === null || !before.published) return true;
  return before.version !== after.version || before.endpoint !== after.endpoint;
}

/** Seconds until "Test now" may be pressed again (0: now). */
export function testNowWaitSeconds(requestedAt: Date | null, now: Date): number {
  if (requestedAt === null) return 0;
  return Math.max(0, Math.ceil((requestedAt.getTime() + TEST_NOW_INTERVAL_MS - now.getTime()) / 1000));
}
