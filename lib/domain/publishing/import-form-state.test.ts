import { describe, expect, it } from "vitest";
import { MAX_AGENT_FILE_BYTES, oversizeFieldErrors, shownErrors, SHOWN_ERRORS, tooLargeMessage } from "./import-form-state";

// What the browser checks before sending (components/dashboard/import-form.tsx): a body over Next's
// server-action limit would never reach the action, and the person would see an error page instead.
describe("oversizeFieldErrors", () => {
  it("names each field over the limit with its size", () => {
    expect(oversizeFieldErrors("x".repeat(MAX_AGENT_FILE_BYTES + 1), 5 * 1024 * 1024)).toEqual({
      text: ["The pasted text is 512.1 KB; the limit is 512 KB."],
      file: ["The file is 5.0 MB; the limit is 512 KB."],
    });
    expect(oversizeFieldErrors(null, 5 * 1024 * 1024)).toEqual({ file: [tooLargeMessage("file", 5 * 1024 * 1024)] });
  });

  it("measures text in UTF-8 bytes, as the server does, and lets through what fits", () => {
    // 200,000 three-byte characters: under 512 K characters, over 512 KB.
    expect(oversizeFieldErrors("€".repeat(200_000), null)).toEqual({ text: ["The pasted text is 586.0 KB; the limit is 512 KB."] });
    expect(oversizeFieldErrors("x".repeat(MAX_AGENT_FILE_BYTES), MAX_AGENT_FILE_BYTES)).toBeNull();
    expect(oversizeFieldErrors(null, null)).toBeNull();
  });
});

describe("shownErrors", () => {
  const errors = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/capabilities/${i}/tags/0`, message: "unknown tag" }));

  it("lists the first 50 problems in order and counts the rest", () => {
    const { shown, more } = shownErrors(errors(120));
    expect(SHOWN_ERRORS).toBe(50);
    expect(shown).toHaveLength(50);
    expect(shown[49]?.path).toBe("/capabilities/49/tags/0");
    expect(more).toBe(70);
  });

  it("lists every problem of a shorter list", () => {
    expect(shownErrors(errors(50))).toEqual({ shown: errors(50), more: 0 });
    expect(shownErrors([])).toEqual({ shown: [], more: 0 });
  });
});
