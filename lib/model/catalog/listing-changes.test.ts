import { describe, expect, it } from "vitest";
import { noteListingsWritten, listingsPayload, listingsWrittenOf, listingsWrittenSince, sentHere, listingsGeneration } from "./listing-changes";

// Each generation remembers which agents its write changed, so the search index can read just those again.

describe("the agents a listing write changed", () => {
  it('travel in the NOTIFY payload with the writing process, and anything else in it means "not known"', () => {
    const sent = listingsPayload(["cma1", "cmb2", "cma1"]);
    expect(sent).toMatch(/^[0-9a-f-]{36};cma1,cmb2$/);
    const other = "6f1c2d3e-0000-4000-8000-000000000000";
    expect(listingsWrittenOf(sent)).toEqual(["cma1", "cmb2"]);
    expect(listingsWrittenOf(`${other};cma1,cmb2`)).toEqual(["cma1", "cmb2"]);
    // This process knows its own writes when they come back (listings-changed.ts hears them without a bump).
    expect([sentHere(sent), sentHere(listingsPayload(null)), sentHere(`${other};cma1,cmb2`), sentHere("")]).toEqual([true, true, false, false]);
    for (const payload of ["", `${other};`, "marker!", "cma1,cmb2", `${other};a,,b`, "x'); DROP"]) expect(listingsWrittenOf(payload)).toBeNull();
    for (const unknown of [null, [], ["has space"]]) expect(listingsPayload(unknown)).toMatch(/^[0-9a-f-]{36};$/);
    // Past 200 agents the payload would near PostgreSQL's 8,000 bytes: "not known" instead.
    expect(listingsPayload(Array.from({ length: 201 }, (_, i) => `agent${i}`))).toMatch(/;$/);
  });

  it("are remembered per generation: known while every write since said, not known once one did not", () => {
    const start = listingsGeneration();
    noteListingsWritten(["a1"]);
    noteListingsWritten(["a2", "a1"]);
    expect(listingsWrittenSince(start)).toEqual(new Set(["a1", "a2"]));
    expect(listingsWrittenSince(start + 1)).toEqual(new Set(["a2", "a1"]));
    expect(listingsWrittenSince(start + 2)).toEqual(new Set());
    noteListingsWritten(null);
    expect(listingsWrittenSince(start)).toBeNull();
    noteListingsWritten(["a3"]);
    expect(listingsWrittenSince(start + 3)).toEqual(new Set(["a3"]));
  });

  it("are forgotten after a thousand generations: a reader that far behind loads everything again", () => {
    const start = listingsGeneration();
    for (let i = 0; i <= 1_000; i++) noteListingsWritten([`a${i}`]);
    expect(listingsWrittenSince(start + 1)?.size).toBe(1_000);
    expect(listingsWrittenSince(start)).toBeNull();
  });
});
