import { describe, expect, it } from "vitest";
import { parseQuery, servicesQuerySchema } from "./schemas";
import { openApiDocument } from "./openapi";

const parse = (query: string) => parseQuery(servicesQuerySchema, new URLSearchParams(query));

describe("parseQuery", () => {
  it("reads numbers and booleans from text and applies the defaults", () => {
    expect(parse("query=weather&limit=5&verified=1&min_reputation=0.5")).toEqual({
      ok: true,
      data: { query: "weather", limit: 5, offset: 0, verified: true, include_unreachable: false, min_reputation: 0.5 },
    });
    expect(parse("")).toEqual({ ok: true, data: { limit: 50, offset: 0, verified: false, include_unreachable: false } });
  });

  it("names every bad parameter", () => {
    const result = parse("limit=0&offset=x&sort_by=best&verified=maybe&colour=red&region=de&class=a&class=b");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.parameter).sort()).toEqual(["class", "colour", "limit", "offset", "region", "sort_by", "verified"]);
    expect(result.errors.find((e) => e.parameter === "limit")?.message).toBe("must be at least 1");
    expect(result.errors.find((e) => e.parameter === "offset")?.message).toBe("must be a whole number");
    expect(result.errors.find((e) => e.parameter === "class")?.message).toMatch(/more than once/);
    expect(result.errors.find((e) => e.parameter === "colour")?.message).toMatch(/not a parameter/);
  });
});

describe("openApiDocument", () => {
  it("describes each query parameter from the schema that validates it", () => {
    const doc = openApiDocument("https://explore.example");
    const parameters = doc.paths["/services"].get.parameters;
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(servicesQuerySchema.shape));
    const limit = parameters.find((p) => p.name === "limit");
    expect(limit?.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(limit?.description).toMatch(/1–100/);
    expect(doc.servers).toEqual([{ url: "https://explore.example/api/v1" }]);
  });
});
