import { describe, expect, it } from "vitest";
import { readRunEvent } from "./run-event";

describe("a run's progress event read back", () => {
  it("reads each kind of event and clips a long message", () => {
    expect(readRunEvent({ type: "started", executionId: "ex_1" })).toEqual({ type: "started", executionId: "ex_1" });
    expect(readRunEvent({ type: "finished" })).toEqual({ type: "finished" });
    expect(readRunEvent({ type: "progress", progress: 2, total: 5, message: "x".repeat(500) })).toEqual({ type: "progress", progress: 2, total: 5, message: "x".repeat(300) });
    expect(readRunEvent({ type: "progress", progress: 1 })).toEqual({ type: "progress", progress: 1, total: null, message: null });
  });

  it("refuses what is not one of its events", () => {
    for (const value of [null, "started", { type: "started" }, { type: "progress", progress: "1" }, { type: "other" }]) expect(readRunEvent(value)).toBeNull();
  });
});
