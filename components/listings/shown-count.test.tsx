import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShownCount, toTwoFigures } from "./shown-count";

describe("ShownCount", () => {
  it("shows an exact count whole, with thousands separated", () => {
    expect(renderToStaticMarkup(<ShownCount n={16754} about={false} />)).toBe("16,754");
    expect(renderToStaticMarkup(<ShownCount n={7} about={false} />)).toBe("7");
  });

  it("shows an estimate to two figures, marked for the eye and read out as 'about'", () => {
    const html = renderToStaticMarkup(<ShownCount n={16754} about />);
    expect(html).toBe('<span aria-hidden="true">≈</span><span class="sr-only">about </span>17,000');
    expect(renderToStaticMarkup(<ShownCount n={96} about />)).toContain("</span>96");
    expect(renderToStaticMarkup(<ShownCount n={1248} about />)).toContain("</span>1,200");
  });
});

describe("toTwoFigures", () => {
  it("rounds an estimate to two significant figures", () => {
    expect([7, 96, 1248, 16754, 16000, 995].map(toTwoFigures)).toEqual([7, 96, 1200, 17000, 16000, 1000]);
  });
});
