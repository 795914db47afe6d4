import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";
import { operationsOf, schemaFields, typeWords } from "./reference";

describe("the API reference's reading of the OpenAPI document", () => {
  const document = openApiDocument("https://explore.example");

  it("lists every path with its method, parameters and responses", () => {
    const operations = operationsOf(document);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      "GET /services",
      "GET /services/{handle}/{capability_id}",
      "GET /agents/{handle}",
      "GET /agents/{handle}/agent.json",
      "GET /agents/{handle}/agent-card.json",
      "GET /agents/{handle}/ga4gh-entry.json",
      "GET /agents/{handle}/a2a",
      "POST /agents/{handle}/a2a",
      "PUT /agents/{handle}/endpoint",
      "GET /openapi.json",
    ]);
    const search = operations[0];
    expect(search?.parameters.find((p) => p.name === "sort_by")).toMatchObject({
      in: "query",
      required: false,
      type: 'one of: "reputation", "recent", "name", "relevance", "most_run"',
    });
    expect(search?.responses.find((r) => r.status === "200")).toMatchObject({ contentType: "application/json", schema: "ServicesResponse" });
    expect(operations[1]?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ["handle", "path", true],
      ["capability_id", "path", true],
    ]);
  });

  it("words types and nests an object's fields", () => {
    expect(typeWords({ type: ["string", "null"] })).toBe("string or null");
    expect(typeWords({ type: "array", items: { type: "string" } })).toBe("array of string");
    expect(typeWords({ anyOf: [{ type: "number" }, { type: "null" }] })).toBe("number or null");
    const fields = schemaFields(document.components.schemas.ServicesResponse);
    const services = fields.find((f) => f.name === "services");
    expect(services?.type).toBe("array of object");
    expect(services?.fields.find((f) => f.name === "price_summary")).toMatchObject({ type: "string", required: true });
  });
});
