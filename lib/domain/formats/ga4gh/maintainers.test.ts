import { describe, expect, it } from "vitest";
import { maintainerLines, parseMaintainerLines, storedMaintainers } from "./maintainers";

describe("the maintainers field", () => {
  it("reads one maintainer a line: name, GitHub user name, then affiliation and ORCID iD when given", () => {
    const read = parseMaintainerLines("Ada Lovelace, https://github.com/ada-l, Analytical Engines, Ltd, 0000-0002-1825-0097\n\n  Grace Hopper, @ghopper  \n");
    expect(read).toEqual({
      ok: true,
      maintainers: [
        { name: "Ada Lovelace", github: "ada-l", affiliation: "Analytical Engines, Ltd", orcid: "0000-0002-1825-0097" },
        { name: "Grace Hopper", github: "ghopper" },
      ],
    });
    if (!read.ok) return;
    expect(parseMaintainerLines(maintainerLines(read.maintainers))).toEqual(read);
    expect(storedMaintainers(read.maintainers)).toEqual(read.maintainers);
  });

  it("an empty field states none; a line without a GitHub user name is refused in words", () => {
    expect(parseMaintainerLines(" \n")).toEqual({ ok: true, maintainers: null });
    expect(parseMaintainerLines("Ada Lovelace\nGrace, not a user!")).toEqual({
      ok: false,
      errors: [
        "Line 1: the GitHub user name is missing (name, then GitHub user name).",
        "Line 2: “not a user!” must be a GitHub user name without a leading @.",
      ],
    });
    expect(storedMaintainers([])).toBeNull();
    expect(storedMaintainers(null)).toBeNull();
  });
});
