import { z } from "zod";
import {
  agentSchema,
  problemSchema,
  serviceDetailSchema,
  servicesQuerySchema,
  servicesResponseSchema,
} from "./schemas";

// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the handlers validate and
// answer with (JSON Schema 2020-12 is OpenAPI 3.1's schema dialect).

function schemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  void $schema;
  return rest;
}

function queryParameters() {
  const json = z.toJSONSchema(servicesQuerySchema, { io: "input" });
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...schema } = typeof property === "object" ? property : { description: undefined };
    return { name, in: "query", required: required.has(name), description, schema };
  });
}

const tooMany = {
  description: "Too many requests from this client address; `Retry-After` says how many seconds to wait.",
  headers: { "Retry-After": { schema: { type: "integer" } } },
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

const ok = (ref: string, description: string) => ({
  description,
  headers: {
    ETag: { description: "Send it back in If-None-Match to get 304 when nothing changed.", schema: { type: "string" } },
    "Cache-Control": { schema: { type: "string" } },
  },
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});

const handleParam = {
  name: "handle",
  in: "path",
  required: true,
  description: "The agent's handle, with or without its @ (`@demo-homes` or `demo-homes`).",
  schema: { type: "string", pattern: "^@?[a-z0-9][a-z0-9-]{1,30}$" },
};

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Explore public API",
      version: "1.0.0",
      description:
        "Read-only, anonymous access to the listings on Explore. Answers are what a signed-out visitor sees: mature, unpublished and suspended listings never appear. See docs/api.md for reputation, reachability and sample-tested.",
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    paths: {
      "/services": {
        get: {
          operationId: "searchServices",
          summary: "Search services (A2AWire agent-search parameters, plus Explore's facets)",
          parameters: queryParameters(),
          responses: {
            "200": ok("ServicesResponse", "One page of matching services, best first."),
            "304": { description: "Not modified." },
            "400": problem("A parameter is invalid; `errors` names each one."),
            "429": tooMany,
          },
        },
      },
      "/services/{handle}/{capability_id}": {
        get: {
          operationId: "getService",
          summary: "One service with every resolved field",
          parameters: [
            handleParam,
            { name: "capability_id", in: "path", required: true, schema: { type: "string", pattern: "^cap_[a-z0-9_]{2,40}$" } },
          ],
          responses: {
            "200": ok("ServiceDetail", "The service."),
            "304": { description: "Not modified." },
            "400": problem("The handle or capability ID cannot be one."),
            "429": tooMany,
            "404": problem("No such service (or it is not public)."),
          },
        },
      },
      "/agents/{handle}": {
        get: {
          operationId: "getAgent",
          summary: "An agent's profile and its services",
          parameters: [handleParam],
          responses: {
            "200": ok("Agent", "The agent."),
            "304": { description: "Not modified." },
            "400": problem("The handle cannot be one."),
            "429": tooMany,
            "404": problem("No such agent (or it is not public)."),
          },
        },
      },
      "/agents/{handle}/agent.json": {
        get: {
          operationId: "getAgentFile",
          summary: "The agent.json as published: local-only fields removed, non-public capabilities left out",
          parameters: [handleParam],
          responses: {
            "200": { description: "The agent.json (seed 000's schema).", content: { "application/json": { schema: { type: "object" } } } },
            "304": { description: "Not modified." },
            "400": problem("The handle cannot be one."),
            "429": tooMany,
            "404": problem("No such agent (or it is not public)."),
          },
        },
      },
      "/agents/{handle}/agent-card.json": {
        get: {
          operationId: "getAgentCard",
          summary: "The agent as an A2A agent card (A2A 1.0): its public services as skills, Explore's A2A endpoint as its interface",
          parameters: [handleParam],
          responses: {
            "200": { description: "The A2A agent card.", content: { "application/json": { schema: { type: "object" } } } },
            "304": { description: "Not modified." },
            "400": problem("The handle cannot be one."),
            "429": tooMany,
            "404": problem("No such agent (or it is not public)."),
          },
        },
      },
      "/agents/{handle}/ga4gh-entry.json": {
        get: {
          operationId: "getAgentGa4ghEntry",
          summary: "The agent as a GA4GH AI Registry agent entry (agent-entry.v1), its public services only",
          parameters: [handleParam],
          responses: {
            "200": { description: "A GA4GH registry agent entry (seed 001's schema).", content: { "application/json": { schema: { type: "object" } } } },
            "304": { description: "Not modified." },
            "400": problem("The handle cannot be one."),
            "429": tooMany,
            "404": problem("No such agent (or it is not public)."),
          },
        },
      },
    },
    components: {
      schemas: {
        ServicesResponse: schemaOf(servicesResponseSchema),
        ServiceDetail: schemaOf(serviceDetailSchema),
        Agent: schemaOf(agentSchema),
        Problem: schemaOf(problemSchema),
      },
    },
  };
}
