import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes";

describe("formatBytes", () => {
  it("reads as a person would say it, rounded up so just over a limit never reads as the limit", () => {
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(512 * 1024)).toBe("512.0 KB");
    expect(formatBytes(512 * 1024 + 1)).toBe("512.1 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(5 * 1024 * 1024 + 1)).toBe("5.1 MB");
  });
});
