import { describe, expect, it } from "vitest";
import { daysAgoWords, delegationWords, failedSyncWords, gaslRiskWords, mirroredWords, retentionWords } from "./words";

describe("the registry record's words", () => {
  it("says it is a cache, from where, and how old", () => {
    const synced = new Date("2026-09-22T06:00:00Z");
    expect(mirroredWords("https://a.example/service-info", synced, new Date("2026-10-02T07:00:00Z"))).toBe(
      "Mirrored from https://a.example/service-info, last synced 2026-09-22 06:00 UTC (10 days ago) — not a live reading",
    );
    expect(daysAgoWords(synced, new Date("2026-09-22T20:00:00Z"))).toBe("today");
    expect(daysAgoWords(synced, new Date("2026-09-23T07:00:00Z"))).toBe("1 day ago");
    expect(failedSyncWords(new Date("2026-10-02T07:00:00Z"), "The agent-info URL answered HTTP 503, not 200.", synced)).toBe(
      "Last sync failed 2026-10-02 07:00 UTC: The agent-info URL answered HTTP 503, not 200; showing the snapshot of 2026-09-22 06:00 UTC",
    );
  });

  it("puts the gasl level, delegation and retention in words", () => {
    expect(gaslRiskWords(0)).toContain("minimal risk");
    expect(gaslRiskWords(4)).toBe("Level 4 of 4 — critical risk (GA4GH agent runtime risk scale)");
    expect(delegationWords({ max_depth: 0, attenuated_minting: false, supported_credential_types: ["sd-jwt-vc"] })).toBe(
      "does not delegate further; does not mint attenuated credentials; accepts sd-jwt-vc",
    );
    expect(delegationWords(undefined)).toBe("Not stated");
    expect(retentionWords(365)).toBe("Audit traces kept 365 days");
    expect(retentionWords(0)).toBe("Audit traces are not kept");
  });
});
