import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgentLogo } from "./agent-logo";

// The logo everywhere a page shows one: Explore's own copy under its hash, or the monogram; never the
// publisher's URL (the component is not even given it).

const sha = "ab".repeat(32);

describe("AgentLogo", () => {
  it("shows Explore's copy at the size that stays sharp on a 2× screen, decorative beside the name", () => {
    const html = renderToStaticMarkup(<AgentLogo agent={{ handle: "@hue-shift", displayName: "Hue Shift", logoSha256: sha }} size={48} />);
    expect(html).toContain(`src="/logos/@hue-shift/128.webp?v=${sha.slice(0, 16)}"`);
    expect(html).toContain('alt=""');
  });

  it("shows the monogram until a logo passes: hidden from screen readers beside the name, named where alone", () => {
    const beside = renderToStaticMarkup(<AgentLogo agent={{ handle: "@hue-shift", displayName: "Hue Shift", logoSha256: null }} size={20} />);
    expect(beside).not.toContain("<img");
    expect(beside).toContain('aria-hidden="true"');
    expect(beside).toContain(">HS</span>");
    const alone = renderToStaticMarkup(<AgentLogo agent={{ handle: "@hue-shift", displayName: "Hue Shift", logoSha256: null }} size={64} decorative={false} />);
    expect(alone).toContain('role="img"');
    expect(alone).toContain('aria-label="Hue Shift logo"');
  });

  it("has one corner radius: the cards' smaller one up to 40 px, a larger one above", () => {
    const radii = (size: number) =>
      renderToStaticMarkup(<AgentLogo agent={{ handle: "@hue-shift", displayName: "Hue Shift", logoSha256: sha }} size={size} className="mt-0.5" />).match(
        /rounded-\w+/g,
      );
    expect(radii(40)).toEqual(["rounded-md"]);
    expect(radii(64)).toEqual(["rounded-lg"]);
  });
});
