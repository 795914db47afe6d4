import { describe, expect, it } from "vitest";
import { readRefreshes } from "@/lib/model/catalog/stored-json";

describe("readRefreshes", () => {
  it("gives both columns together", () => {
    expect(readRefreshes({ refreshesPerExecution: 3, refreshesWithinHours: 24 })).toEqual({ perExecution: 3, withinHours: 24 });
  });

  it("gives null when either column is missing", () => {
    expect(readRefreshes({ refreshesPerExecution: 3, refreshesWithinHours: null })).toBeNull();
    expect(readRefreshes({ refreshesPerExecution: null, refreshesWithinHours: 24 })).toBeNull();
    expect(readRefreshes({ refreshesPerExecution: null, refreshesWithinHours: null })).toBeNull();
  });

  it("keeps zero as a stated value", () => {
    expect(readRefreshes({ refreshesPerExecution: 0, refreshesWithinHours: 0 })).toEqual({ perExecution: 0, withinHours: 0 });
  });
});
