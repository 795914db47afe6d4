import { describe, expect, it } from "vitest";
import { AdapterLimiter } from "./limiter";
import { inTurns } from "./scheduler";

describe("the worker's limits", () => {
  it("allow at most perAdapter per adapter and total in all", () => {
    const limiter = new AdapterLimiter(2, 3);
    expect([limiter.tryStart("a"), limiter.tryStart("a"), limiter.tryStart("a")]).toEqual([true, true, false]);
    expect(limiter.tryStart("b")).toBe(true);
    expect(limiter.tryStart("c")).toBe(false); // 3 in all
    limiter.finish("a");
    expect(limiter.tryStart("c")).toBe(true);
    expect(limiter.running).toBe(3);
    expect(() => new AdapterLimiter(1, 1).finish("x")).toThrow();
  });

  it("queue adapters in turns, so clustered due tests do not leave the worker on one adapter", () => {
    const due = ["a", "a", "a", "b", "b", "c"].map((endpoint, i) => ({ capabilityId: String(i), endpoint, maxDurationSeconds: null }));
    const order = inTurns(due)
      .map((d, i) => ({ ...d, i }))
      .sort((x, y) => y.priority - x.priority || x.i - y.i)
      .map((d) => d.test.endpoint);
    expect(order).toEqual(["a", "b", "c", "a", "b", "a"]);
  });
});
