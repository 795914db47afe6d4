import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isReadableRouterState } from "./router-state";

const header = (tree: unknown) => encodeURIComponent(JSON.stringify(tree));

describe("reading a Next-Router-State-Tree header", () => {
  it("reads the trees the client router sends", () => {
    expect(isReadableRouterState(header(["", { children: ["__PAGE__", {}] }]))).toBe(true);
    expect(
      isReadableRouterState(
        header([
          "",
          { children: ["(explore)", { children: [["handle", "@demo-weather", "d", null], { children: ["__PAGE__", {}, null, null, 0] }] }] },
          null,
          "refetch",
          1,
          "x",
        ]),
      ),
    ).toBe(true);
    expect(isReadableRouterState(header(["", {}, ["/about", "/about"], null]))).toBe(true);
  });

  it("refuses what Next cannot parse", () => {
    for (const bad of [
      "garbage",
      "%FF",
      "%5B1%5D",
      header({}),
      header(["", { children: 5 }]),
      header(["", {}, null, "nonsense"]),
      header([["x", "y", "not-a-type", null], {}]),
      header(["", {}, null, null, null, "x", "extra"]),
      "%5B".repeat(3000),
      header(["", { children: ["x".repeat(41_000), {}] }]),
    ]) {
      expect(isReadableRouterState(bad), bad.slice(0, 40)).toBe(false);
    }
  });

  it("never throws, whatever the header", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.jsonValue().map(header)), (text) => typeof isReadableRouterState(text) === "boolean"));
  });
});
