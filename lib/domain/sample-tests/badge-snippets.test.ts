import { describe, expect, it } from "vitest";
import { badgeSnippets } from "./badge-snippets";
import { siteOrigin } from "@/lib/foundations/site/origin";

describe("badgeSnippets", () => {
  it("links the badge image to the listing, in Markdown and in HTML", () => {
    const s = badgeSnippets({ handle: "@demo-homes", capabilityId: "cap_search", name: "Home search" });
    const origin = siteOrigin();
    expect(s.imageUrl).toBe(`${origin}/badges/@demo-homes/cap_search.svg`);
    expect(s.markdown).toBe(`[![Home search: sample test on Explore](${s.imageUrl})](${s.listingUrl})`);
    expect(s.html).toBe(`<a href="${s.listingUrl}"><img src="${s.imageUrl}" alt="Home search: sample test on Explore"></a>`);
    expect(s.listingUrl.startsWith(origin)).toBe(true);
  });

  it("keeps a name with brackets, quotes or markup from breaking either snippet", () => {
    const s = badgeSnippets({ handle: "@x", capabilityId: "cap_a", name: 'Rates [beta] "fast" <b>' });
    expect(s.markdown).toContain('![Rates \\[beta\\] "fast" <b>: sample test on Explore]');
    expect(s.html).toContain('alt="Rates [beta] &quot;fast&quot; &lt;b&gt;: sample test on Explore"');
    expect(s.html).not.toContain("<b>");
  });
});
