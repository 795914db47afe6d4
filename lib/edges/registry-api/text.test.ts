import { describe, expect, it } from "vitest";
import { clipText } from "./servers";
import { decodeCursor, encodeCursor, parseRfc3339 } from "./query";

describe("clipText", () => {
  it("keeps text within the schema's 100 characters, counted as the schema counts them (code points)", () => {
    for (const text of ["short", "word ".repeat(40), "🙂".repeat(150), `${"a".repeat(120)} tail`, "  spaced \n out  "]) {
      const clipped = clipText(text);
      expect(Array.from(clipped).length, text).toBeLessThanOrEqual(100);
      expect(clipped.length).toBeGreaterThan(0);
    }
    expect(clipText("  spaced \n out  ")).toBe("spaced out");
    expect(clipText("word ".repeat(40))).toMatch(/word…$/);
    expect(clipText("")).not.toBe("");
  });
});

describe("the cursor and dates", () => {
  it("gives back the handle it was made from, and nothing from anything else", () => {
    expect(decodeCursor(encodeCursor("@demo-homes"))).toBe("@demo-homes");
    for (const bad of ["", "!!", Buffer.from("[]").toString("base64url"), Buffer.from('{"after":"@A B"}').toString("base64url"), "x".repeat(500)]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it("reads RFC 3339 date-times with their offset only", () => {
    expect(parseRfc3339("2025-08-07T13:15:04.280Z")?.toISOString()).toBe("2025-08-07T13:15:04.280Z");
    expect(parseRfc3339("2025-08-07T15:15:04+02:00")?.toISOString()).toBe("2025-08-07T13:15:04.000Z");
    for (const bad of ["2025-08-07", "2025-08-07T13:15:04", "2025-13-01T00:00:00Z", "2024-02-30T00:00:00Z", "now"]) expect(parseRfc3339(bad), bad).toBeNull();
    expect(parseRfc3339("2024-02-29T00:00:00Z")).not.toBeNull();
  });
});
