import { describe, expect, it } from "vitest";
import { MAX_AGENT_FILE_BYTES, oversizeFieldErrors, tooLargeMessage } from "./import-form-state";

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
