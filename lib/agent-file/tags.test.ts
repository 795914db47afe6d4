import { describe, expect, it } from "vitest";
import tagList from "./tags.json";
import { listTags, normalizeTagWord, resolveTag, suggestTags } from "./tags";

const REQUIRED = (
  "real_estate units conversion text statistics wine food alcohol tobacco cannabis gambling dating reminders " +
  "scheduling messaging weather finance currency translation language math calculator developer_tools json data " +
  "travel health fitness recipes nutrition search maps geography time timezones calendar documents summarization " +
  "security passwords hashing colors design education sports games music books news"
).split(" ");

describe("the canonical tag list", () => {
  it("has at least 150 tags with lowercase slugs, labels and aliases", () => {
    expect(tagList.length).toBeGreaterThanOrEqual(150);
    for (const tag of tagList) {
      expect(tag.slug).toMatch(/^[a-z0-9_]+$/);
      expect(tag.label.length).toBeGreaterThan(0);
      for (const alias of tag.aliases) expect(alias).toMatch(/^[a-z0-9_]+$/);
    }
  });

  it("gives every slug and alias to exactly one tag, so a word resolves to one tag", () => {
    const owner = new Map<string, string>();
    for (const tag of tagList) {
      for (const word of [tag.slug, ...tag.aliases]) {
        expect(owner.get(word), `${word} is used by ${owner.get(word)} and ${tag.slug}`).toBeUndefined();
        owner.set(word, tag.slug);
      }
    }
  });

  it("holds every tag the demo agents use", () => {
    const slugs = new Set(listTags().map((t) => t.slug));
    for (const slug of REQUIRED) expect(slugs.has(slug), slug).toBe(true);
  });

  it("keeps slugs within the schema's 41-character tag limit", () => {
    for (const tag of tagList) expect(tag.slug.length).toBeLessThanOrEqual(41);
  });
});

describe("resolveTag", () => {
  it("accepts #tags and plain words in any case", () => {
    expect(resolveTag("#wine")).toBe("wine");
    expect(resolveTag("Wine")).toBe("wine");
    expect(resolveTag("  #WINE ")).toBe("wine");
  });

  it("turns spaces and hyphens into underscores", () => {
    expect(resolveTag("Real Estate")).toBe("real_estate");
    expect(resolveTag("real-estate")).toBe("real_estate");
    expect(resolveTag("#developer tools")).toBe("developer_tools");
  });

  it("resolves aliases to their canonical slug", () => {
    expect(resolveTag("property")).toBe("real_estate");
    expect(resolveTag("#homes")).toBe("real_estate");
    expect(resolveTag("timezone")).toBe("timezones");
    expect(resolveTag("E-commerce")).toBe("ecommerce");
  });

  it("returns null for unknown or empty words", () => {
    expect(resolveTag("foo")).toBeNull();
    expect(resolveTag("#")).toBeNull();
    expect(resolveTag("")).toBeNull();
  });

  it("normalises words the same way for lookup", () => {
    expect(normalizeTagWord("##Time  Zones")).toBe("time_zones");
  });
});

describe("suggestTags", () => {
  it("offers the nearest tags for a typo, nearest first", () => {
    expect(suggestTags("weathr")[0]).toBe("weather");
    expect(suggestTags("tranlsation")[0]).toBe("translation");
    expect(suggestTags("#Realestat")[0]).toBe("real_estate");
  });

  it("prefers tags the word begins", () => {
    expect(suggestTags("foo").slice(0, 2)).toEqual(["food", "football"]);
  });

  it("returns at most n distinct slugs and nothing for far-off words", () => {
    const three = suggestTags("dat");
    expect(three).toHaveLength(3);
    expect(new Set(three).size).toBe(3);
    expect(suggestTags("dat", 1)).toHaveLength(1);
    expect(suggestTags("xyzzyqq")).toEqual([]);
  });
});
