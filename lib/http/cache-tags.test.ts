import { describe, expect, it } from "vitest";
import { ALL_TAG, agentTag, cacheTagsOf, isShareablePage, LIST_TAG } from "./cache-tags";

describe("cacheTagsOf", () => {
  it("tags searches and lists with the list tag", () => {
    for (const path of ["/", "/api/v1/services", "/sitemap.xml"]) expect(cacheTagsOf(path)).toEqual([ALL_TAG, LIST_TAG]);
  });

  it("tags everything about one agent with its handle, however the URL spells it", () => {
    const tag = agentTag("@demo-homes");
    expect(tag).toBe("explore-agent-demo-homes");
    for (const path of [
      "/agents/@demo-homes",
      "/agents/%40Demo-Homes",
      "/services/@demo-homes/cap_x",
      "/api/v1/agents/@demo-homes/agent.json",
      "/api/v1/services/demo-homes/cap_x",
      "/badges/@demo-homes/cap_x",
      "/og/services/@demo-homes/cap_x",
      "/logos/@demo-homes/abc.png",
    ]) {
      expect(cacheTagsOf(path), path).toEqual([ALL_TAG, tag]);
    }
  });

  it("gives everything else the tag every answer carries", () => {
    for (const path of ["/api/v1/openapi.json", "/og/neutral", "/about", "/agents/not a handle"]) expect(cacheTagsOf(path), path).toEqual([ALL_TAG]);
  });
});

describe("isShareablePage", () => {
  it("is the home page, agent pages and service pages", () => {
    for (const path of ["/", "/agents/@a-b", "/services/@a-b/cap_x"]) expect(isShareablePage(path), path).toBe(true);
  });

  it("is no other page", () => {
    for (const path of ["/about", "/agents", "/agents/@a-b/x", "/services/@a-b", "/agents/%zz", "/dashboard", "/api/v1/services"]) {
      expect(isShareablePage(path), path).toBe(false);
    }
  });
});
