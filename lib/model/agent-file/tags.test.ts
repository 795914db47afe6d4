import { describe, expect, it } from "vitest";
import tagList from "./tags.json";
import { listTags, normalizeTagWord, parentTag, resolveTag, suggestTags } from "./tags";

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

  it("has two levels: every parent is a top-level tag of the list", () => {
    const slugs = new Set(listTags().map((t) => t.slug));
    for (const tag of listTags()) {
      if (tag.parent === undefined) continue;
      expect(slugs.has(tag.parent), `${tag.slug}'s parent ${tag.parent}`).toBe(true);
      expect(parentTag(tag.parent), `${tag.parent} is itself a sub-category`).toBeNull();
    }
    expect(parentTag("messaging")).toBe("communication");
    expect(parentTag("communication")).toBeNull();
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

  it("resolves a dotted parent.child to the child when it is that parent's sub-category", () => {
    expect(resolveTag("communication.sms")).toBe("messaging");
    expect(resolveTag("#Comms.Chat")).toBe("messaging");
    expect(resolveTag("communication.email")).toBe("email");
    expect(resolveTag("developer_tools.json")).toBe("json");
    expect(resolveTag("finance.sms")).toBeNull();
    expect(resolveTag("communication")).toBe("communication");
    expect(resolveTag("communication.")).toBeNull();
    expect(resolveTag("a.communication.sms")).toBeNull();
  });

  it("gives 'utilities' to the tools tag publishers mean by it", () => {
    expect(resolveTag("utilities")).toBe("utilities");
    expect(resolveTag("electricity")).toBe("energy");
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

  it("measures a dotted word against the dotted paths and its last part alone", () => {
    expect(suggestTags("communication.smss")[0]).toBe("messaging");
    expect(suggestTags("comunication")[0]).toBe("communication");
    expect(suggestTags("finance.sms")[0]).toBe("messaging");
  });

  it("orders equally near tags by slug, so a word always gets the same hint", () => {
    expect(suggestTags("foo")).toEqual(["food", "football", "currency"]);
    expect(suggestTags("dat")).toEqual(["data", "data_analysis", "databases"]);
  });

  it("returns at most n distinct slugs and nothing for far-off words", () => {
    const three = suggestTags("dat");
    expect(three).toHaveLength(3);
    expect(new Set(three).size).toBe(3);
    expect(suggestTags("dat", 1)).toHaveLength(1);
    expect(suggestTags("xyzzyqq")).toEqual([]);
  });
});
