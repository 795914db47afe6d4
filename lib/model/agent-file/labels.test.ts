import { describe, expect, it } from "vitest";
import { categoryWords } from "./labels";

describe("categoryWords", () => {
  it("says a category slug in words, segment by segment", () => {
    expect(categoryWords("real_estate.search")).toBe("Real estate › Search");
    expect(categoryWords("units.length")).toBe("Units › Length");
    expect(categoryWords("weather")).toBe("Weather");
  });
});
