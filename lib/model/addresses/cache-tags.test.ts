import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { proxy } from "@/proxy";
import { ALL_TAG, agentTag, cacheTagsOf, isShareablePage, LIST_TAG, SHARED_PAGE_CACHE_CONTROL } from "./cache-tags";

afterAll(async () => {
  await db.$disconnect();
});

describe("cacheTagsOf", () => {
  it("tags searches and lists with the list tag", () => {
    for (const path of ["/", "/api/v1/services", "/sitemap.xml", "/v0.1/servers"]) expect(cacheTagsOf(path)).toEqual([ALL_TAG, LIST_TAG]);
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
      "/v0.1/servers/com.example.explore%2Fdemo-homes/versions",
      "/v0.1/servers/com.example.explore%2fdemo-homes/versions/latest",
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

describe("proxy.ts's shared-cache headers", () => {
  const ask = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => proxy(new NextRequest(`http://127.0.0.1${path}`, init));

  it("offers a listing page asked for without a cookie or credentials as shareable, with its tags", async () => {
    for (const [path, tags] of [
      ["/?q=tides", "explore explore-list"],
      ["/agents/@nobody-by-that-name", "explore explore-agent-nobody-by-that-name"],
    ] as const) {
      const answer = await ask(path);
      expect(answer.headers.get("cache-control"), path).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(answer.headers.get("xkey"), path).toBe(tags);
    }
  });

  it("never offers as shareable a page asked for with a cookie or credentials, another method, or another page", async () => {
    const personal: Record<string, string>[] = [{ cookie: "theme=dark" }, { authorization: "Bearer x" }, { "proxy-authorization": "Basic eDp5" }];
    for (const headers of personal) {
      expect((await ask("/", { headers })).headers.get("cache-control"), JSON.stringify(headers)).toBeNull();
    }
    expect((await ask("/", { method: "POST" })).headers.get("cache-control")).toBeNull();
    expect((await ask("/", { method: "POST" })).headers.get("xkey")).toBeNull();
    const about = await ask("/about");
    expect(about.headers.get("cache-control")).toBeNull();
    expect(about.headers.get("xkey")).toBe(ALL_TAG);
  });
});
