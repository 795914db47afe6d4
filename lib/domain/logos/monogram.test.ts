import { describe, expect, it } from "vitest";
import { monogramHue, monogramInitials } from "./monogram";

describe("the monogram", () => {
  it("takes up to two initials of the name, else of the handle", () => {
    expect(monogramInitials("Hue Shift", "@hue-shift")).toBe("HS");
    expect(monogramInitials("json smith tools", "@json-smith")).toBe("JS");
    expect(monogramInitials("Ölkarte", "@oel")).toBe("Ö");
    expect(monogramInitials("—", "@zone-hop")).toBe("Z");
  });

  it("gives a handle the same hue every time, and different handles different hues", () => {
    expect(monogramHue("@hue-shift")).toBe(monogramHue("@hue-shift"));
    const hues = new Set(["@a1", "@b2", "@c3", "@d4", "@e5", "@f6"].map(monogramHue));
    expect(hues.size).toBeGreaterThan(3);
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(0);
  });
});
