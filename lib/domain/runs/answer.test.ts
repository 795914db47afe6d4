import { describe, expect, it } from "vitest";
import { answerOf } from "./answer";

describe("answerOf", () => {
  it("shows the structured answer once: a text block repeating it as JSON (in any key order) is left out", () => {
    const answer = answerOf(
      {
        status: "succeeded",
        structuredContent: { km: 42.16, from: "mi" },
        content: [
          { type: "text", text: '{"from":"mi","km":42.16}' },
          { type: "text", text: "42.16 km is about a marathon." },
        ],
        durationMs: 5,
      },
      null,
    );
    expect(answer?.content).toEqual([{ type: "text", text: "42.16 km is about a marathon." }]);
    expect(answer?.structuredContent).toEqual({ km: 42.16, from: "mi" });
  });

  it("keeps every text block when there is no structured answer, or the text says something else", () => {
    const plain = answerOf({ status: "succeeded", content: [{ type: "text", text: '{"km":42.16}' }], durationMs: 5 }, null);
    expect(plain?.content).toEqual([{ type: "text", text: '{"km":42.16}' }]);
    const different = answerOf({ status: "succeeded", structuredContent: { km: 42.16 }, content: [{ type: "text", text: '{"km":42}' }], durationMs: 5 }, null);
    expect(different?.content).toHaveLength(1);
  });
});
