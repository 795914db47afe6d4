// The sample-tested label, as a pure rule over a capability's test history (DESIGN.md "Sample tests").
// sample-tested.ts states its freshness as a database condition too; lib/model/figures/reputation.test.ts checks they agree.
import { timeAgo } from "@/lib/foundations/words/dates";
import { sampleTestFreshSince } from "./sample-tested";

export const PASS_RATE_WINDOW_MS = 30 * 24 * 3_600_000;

export type SampleTestFact = { status: "passed" | "failed"; startedAt: Date };

export type SampleTestLabel =
  /** The latest test passed less than 7 days ago: "Sample-tested · passed 3 h ago · 29/30". */
  | { kind: "tested"; lastPassAt: Date; passed30: number; total30: number }
  /** The latest test failed: "Example not currently passing". */
  | { kind: "failing"; lastPassAt: Date | null }
  /** Never tested yet, or the latest pass is 7 days old or more: no label. */
  | { kind: "none" }
  /** No example, or an external action without a dry-run argument: never tested, and said so. */
  | { kind: "not_testable"; reason: "no_example" | "no_dry_run" };

export type Testability = { testable: true } | { testable: false; reason: "no_example" | "no_dry_run" };

/**
 * The exact rule: take the test with the latest start time. It earns the label when it passed and
 * started less than 7 days before `now`; the pass rate counts the tests started in the 30 days
 * before `now`. A failed latest test says "not currently passing" however old it is.
 */
export function sampleTestLabel(testability: Testability, tests: readonly SampleTestFact[], now: Date): SampleTestLabel {
  if (!testability.testable) return { kind: "not_testable", reason: testability.reason };
  let latest: SampleTestFact | undefined;
  let lastPass: SampleTestFact | undefined;
  let passed30 = 0;
  let total30 = 0;
  const windowStart = now.getTime() - PASS_RATE_WINDOW_MS;
  for (const test of tests) {
    const t = test.startedAt.getTime();
    if (!latest || t > latest.startedAt.getTime()) latest = test;
    if (test.status === "passed" && (!lastPass || t > lastPass.startedAt.getTime())) lastPass = test;
    if (t > windowStart && t <= now.getTime()) {
      total30 += 1;
      if (test.status === "passed") passed30 += 1;
    }
  }
  if (!latest) return { kind: "none" };
  if (latest.status === "failed") return { kind: "failing", lastPassAt: lastPass?.startedAt ?? null };
  if (latest.startedAt <= sampleTestFreshSince(now)) return { kind: "none" };
  return { kind: "tested", lastPassAt: latest.startedAt, passed30, total30 };
}

/** The label's one line: "passed 3 h ago · 29/30". */
export function labelLine(label: Extract<SampleTestLabel, { kind: "tested" }>, now: Date): string {
  return `passed ${timeAgo(label.lastPassAt, now)} · ${label.passed30}/${label.total30}`;
}
