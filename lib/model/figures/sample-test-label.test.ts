import { describe, expect, it } from "vitest";
import { timeAgo } from "@/lib/foundations/words/dates";
import { labelLine, sampleTestLabel, type SampleTestFact } from "./sample-test-label";
import { SAMPLE_TEST_FRESH_DAYS } from "./sample-tested";

const LABEL_FRESH_MS = SAMPLE_TEST_FRESH_DAYS * 24 * 3_600_000;

const now = new Date("2030-06-15T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const testable = { testable: true } as const;
const pass = (h: number): SampleTestFact => ({ status: "passed", startedAt: hoursAgo(h) });
const fail = (h: number): SampleTestFact => ({ status: "failed", startedAt: hoursAgo(h) });

describe("the sample-tested label", () => {
  it("is earned by a passing latest test, with the time of the pass and the 30-day pass rate", () => {
    const tests = [pass(3), fail(27), pass(51), ...Array.from({ length: 27 }, (_, i) => pass(75 + 24 * i))];
    const label = sampleTestLabel(testable, tests, now);
    expect(label).toEqual({ kind: "tested", lastPassAt: hoursAgo(3), passed30: 29, total30: 30 });
    if (label.kind === "tested") expect(labelLine(label, now)).toBe("passed 3 h ago · 29/30");
  });

  it("goes when the latest test fails, and says the example is not currently passing", () => {
    expect(sampleTestLabel(testable, [fail(1), pass(5)], now)).toEqual({ kind: "failing", lastPassAt: hoursAgo(5) });
  });

  it("goes by itself once the latest pass is 7 days old (the clock is injected)", () => {
    const tests = [{ status: "passed" as const, startedAt: new Date(now.getTime() - LABEL_FRESH_MS + 1) }];
    expect(sampleTestLabel(testable, tests, now).kind).toBe("tested");
    const later = new Date(now.getTime() + 1);
    expect(sampleTestLabel(testable, tests, later)).toEqual({ kind: "none" });
  });

  it("does not count tests older than 30 days in the pass rate, whatever the order given", () => {
    const label = sampleTestLabel(testable, [fail(24 * 31), pass(2), fail(24 * 29)], now);
    expect(label).toMatchObject({ kind: "tested", passed30: 1, total30: 2 });
  });

  it("is absent before the first test, and says why for services that cannot be tested", () => {
    expect(sampleTestLabel(testable, [], now)).toEqual({ kind: "none" });
    expect(sampleTestLabel({ testable: false, reason: "no_dry_run" }, [pass(1)], now)).toEqual({ kind: "not_testable", reason: "no_dry_run" });
  });

  it("words times briefly", () => {
    expect(timeAgo(new Date(now.getTime() - 20_000), now)).toBe("just now");
    expect(timeAgo(hoursAgo(0.5), now)).toBe("30 min ago");
    expect(timeAgo(hoursAgo(47), now)).toBe("47 h ago");
    expect(timeAgo(hoursAgo(24 * 6), now)).toBe("6 d ago");
  });
});
