import { describe, expect, it } from "vitest";
import { configuredRules, refusalWords, waitWords } from "./limits";

describe("waitWords", () => {
  it("says seconds under a minute, then minutes, then hours, always rounded up", () => {
    expect(waitWords(1)).toBe("1 second");
    expect(waitWords(40)).toBe("40 seconds");
    expect(waitWords(58.2)).toBe("59 seconds");
    expect(waitWords(60)).toBe("1 minute");
    expect(waitWords(61)).toBe("2 minutes");
    expect(waitWords(3600)).toBe("60 minutes");
    expect(waitWords(7200)).toBe("2 hours");
    expect(waitWords(7201)).toBe("3 hours");
  });
});

describe("refusalWords", () => {
  it("names what was limited and when to come back", () => {
    expect(refusalWords("signInPerAddress", 40)).toBe("Too many sign-in links asked for this address; try again in 40 seconds.");
  });
});

describe("configuredRules", () => {
  it("has the documented defaults (tests run without RATE_LIMIT_* set)", () => {
    expect(configuredRules()).toEqual({
      signInPerAddress: { points: 5, durationSeconds: 600 },
      signInPerClient: { points: 20, durationSeconds: 600 },
      runs: { points: 60, durationSeconds: 60 },
      reports: { points: 10, durationSeconds: 3600 },
      testNow: { points: 20, durationSeconds: 600 },
      imports: { points: 30, durationSeconds: 3600 },
      connects: { points: 30, durationSeconds: 3600 },
      api: { points: 600, durationSeconds: 60 },
      mcp: { points: 300, durationSeconds: 60 },
      capabilityRequests: { points: 30, durationSeconds: 3600 },
      draftChecks: { points: 600, durationSeconds: 600 },
      boardPosts: { points: 20, durationSeconds: 3600 },
      networkWrites: { points: 60, durationSeconds: 3600 },
      operatorRequests: { points: 10, durationSeconds: 3600 },
    });
  });
});
