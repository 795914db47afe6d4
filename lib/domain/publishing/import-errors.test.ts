import { describe, expect, it } from "vitest";
import { placeErrors } from "./draft-check";
import { importOnlyErrors } from "./import-errors";

// A handle another publisher has is found by the import alone; the editor keeps it beside the handle field
// and in the list while the handle is unchanged (the autosave's check cannot find it again).

const doc = (handle: string, purpose = "Converts colors.") => JSON.stringify({ agent: { handle, purpose } }, null, 2);
const taken = (text: string) => placeErrors(text, [{ path: "/agent/handle", message: "@colors is taken; choose another handle" }]);

describe("errors only the import finds", () => {
  it("stand while their value is unchanged, placed in the text as it is now", () => {
    const published = doc("@colors");
    const edited = `\n\n${doc("@colors", "Converts colors and checks their contrast.")}`;
    const [kept, ...rest] = importOnlyErrors(taken(published), [], published, edited);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ path: "/agent/handle", message: "@colors is taken; choose another handle" });
    // Two lines were added above: the error moved with the handle.
    expect(kept?.line).toBe((taken(published)[0]?.line ?? 0) + 2);
    expect(edited.slice(kept?.from, kept?.to)).toBe('"@colors"');
  });

  it("go once the value they are about changes, and while the text does not parse", () => {
    const published = doc("@colors");
    expect(importOnlyErrors(taken(published), [], published, doc("@colors-two"))).toEqual([]);
    expect(importOnlyErrors(taken(published), [], published, `${doc("@colors")},`)).toEqual([]);
  });

  it("are not listed twice when the check finds the same error", () => {
    const published = doc("@colors");
    expect(importOnlyErrors(taken(published), taken(published), published, published)).toEqual([]);
  });
});
