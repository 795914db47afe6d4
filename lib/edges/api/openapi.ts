import { z } from "zod";
import { announcementSchema } from "@/lib/domain/agents/announcement-schema";
import {
  agentSchema,
  announcementResultSchema,
  goneProblemSchema,
  jsonRpcRequestSchema,
  jsonRpcResponseSchema,
  jsonValueSchema,
  problemSchema,
  serviceDetailSchema,
  servicesQuerySchema,
  servicesResponseSchema,
} from "./schemas";

// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the handlers validate and
// answer with (JSON Schema 2020-12 is OpenAPI 3.1's schema dialect).

type JsonSchema = Record<string, unknown>;

const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * The named schemas as `components/schemas`, converted together so a schema one of them contains by name
 * (JsonValue) is a `$ref` to its component rather than a `$defs` entry of whichever schema met it first.
 */
function componentsOf(io: "input" | "output", named: Record<string, z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: "any", uri: componentRef });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // An unnamed schema reused across components would land here; it must be given a name above instead.
    if (id === "__shared") throw new Error("openapi: a schema shared between components has no name");
    // `$id` is zod's address of the schema (the component's own ref) and `$schema` the dialect OpenAPI 3.1 implies.
    const { $id, $schema, ...rest } = schema;
    void $id;
    void $schema;
    out[id] = rest;
  }
  return out;
}

function queryParameters() {
  const json = z.toJSONSchema(servicesQuerySchema, { io: "input" });
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...schema } = typeof property === "object" ? property : { description: undefined };
    return { name, in: "query", required: required.has(name), description, schema };
  });
}

const schemaRef = (name: string) => ({ schema: { $ref: componentRef(name) } });

const problem = (description: string, name = "Problem") => ({ description, content: { "application/problem+json": schemaRef(name) } });

const retryAfter = { "Retry-After": { description: "Seconds until the client may ask again.", schema: { type: "integer" } } };

const tooMany = {
  description: "Too many requests from this client address; `Retry-After` says how many seconds to wait.",
  headers: retryAfter,
  content: { "application/problem+json": schemaRef("Problem") },
};

const failed = problem("Something went wrong on Explore's side; the problem carries no detail. Try again later.");

const unavailable = {
  description: "Explore cannot reach its database just now; `Retry-After` says how many seconds to wait.",
  headers: retryAfter,
  content: { "application/problem+json": schemaRef("Problem") },
};

const gone = problem(
  "The agent was deleted by its publisher: the problem names the handle and when (`deletedAt`). It lasts until its former owner imports the handle again.",
  "GoneProblem",
);

const tooLarge = problem("The request's body is over 2 MB, declared or counted as it arrived; no more of it was read. `detail` names the size and the limit.");

const ok = (ref: string, description: string) => ({
  description,
  headers: {
    ETag: { description: "Send it back in If-None-Match to get 304 when nothing changed.", schema: { type: "string" } },
    "Cache-Control": { schema: { type: "string" } },
  },
  content: { "application/json": schemaRef(ref) },
});

const notModified = { description: "Not modified." };

const preflight = (operationId: string, methods: string, parameters: unknown[] = []) => ({
  operationId,
  summary: `CORS preflight: allows ${methods} from any origin`,
  security: [],
  parameters,
  responses: { "204": { description: "The CORS headers; no body. Not counted against the rate limit." } },
});

const rpc = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": schemaRef("JsonRpcResponse") },
});

const handleParam = {
  name: "handle",
  in: "path",
  required: true,
  description: "The agent's handle, with or without its @ (`@demo-homes` or `demo-homes`).",
  schema: { type: "string", pattern: "^@?[a-z0-9][a-z0-9-]{1,30}$" },
};

const a2aVersionParam = (description: string) => ({ name: "A2A-Version", in: "header", required: false, description, schema: { type: "string" } });

const serviceParams = [handleParam, { name: "capability_id", in: "path", required: true, schema: { type: "string", pattern: "^cap_[a-z0-9_]{2,40}$" } }];

/** The answers every anonymous read of one agent's handle shares, beside its own 200. */
const handleReadAnswers = (what: string) => ({
  "304": notModified,
  "400": problem("The handle cannot be one."),
  "404": problem(`No such ${what} (or it is not public).`),
  "410": gone,
  "429": tooMany,
  "500": failed,
  "503": unavailable,
});

const anonymousRead = { security: [] };

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Explore public API",
      version: "1.0.0",
      description:
        "Anonymous, read-only access to the listings on Explore: answers are what a signed-out visitor sees, and mature, unpublished and suspended listings never appear. Two endpoints take a token: an adapter announces where it listens, and a person's API token runs services over A2A. See docs/api.md for reputation, reachability and sample-tested.",
      license: { name: "Explore's terms of use", url: `${serverUrl}/terms` },
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    paths: {
      "/services": {
        get: {
          operationId: "searchServices",
          summary: "Search services (A2AWire agent-search parameters, plus Explore's facets)",
          ...anonymousRead,
          parameters: queryParameters(),
          responses: {
            "200": ok("ServicesResponse", "One page of matching services, best first."),
            "304": notModified,
            "400": problem("A parameter is invalid; `errors` names each one."),
            "429": tooMany,
            "500": failed,
            "503": unavailable,
          },
        },
        options: preflight("preflightServices", "GET"),
      },
      "/services/{handle}/{capability_id}": {
        get: {
          operationId: "getService",
          summary: "One service with every resolved field",
          ...anonymousRead,
          parameters: serviceParams,
          responses: {
            "200": ok("ServiceDetail", "The service."),
            ...handleReadAnswers("service"),
            "400": problem("The handle or capability ID cannot be one."),
          },
        },
        options: preflight("preflightService", "GET", serviceParams),
      },
      "/agents/{handle}": {
        get: {
          operationId: "getAgent",
          summary: "An agent's profile and its services",
          ...anonymousRead,
          parameters: [handleParam],
          responses: { "200": ok("Agent", "The agent."), ...handleReadAnswers("agent") },
        },
        options: preflight("preflightAgent", "GET", [handleParam]),
      },
      "/agents/{handle}/agent.json": {
        get: {
          operationId: "getAgentFile",
          summary: "The agent.json as published: local-only fields removed, non-public capabilities left out",
          ...anonymousRead,
          parameters: [handleParam],
          responses: {
            "200": { description: "The agent.json (seed 000's schema).", content: { "application/json": { schema: { type: "object" } } } },
            ...handleReadAnswers("agent"),
          },
        },
        options: preflight("preflightAgentFile", "GET", [handleParam]),
      },
      "/agents/{handle}/agent-card.json": {
        get: {
          operationId: "getAgentCard",
          summary: "The agent as an A2A agent card: its public services as skills, Explore's A2A endpoint as its interface",
          description: "In A2A 1.0's shape for a reader sending `A2A-Version: 1.0`, else in A2A 0.3's (`Vary: A2A-Version`).",
          ...anonymousRead,
          parameters: [handleParam, a2aVersionParam("`1.0` for the card in A2A 1.0's shape; without it the card is in A2A 0.3's.")],
          responses: {
            "200": { description: "The A2A agent card.", content: { "application/json": { schema: { type: "object" } } } },
            ...handleReadAnswers("agent"),
          },
        },
        options: preflight("preflightAgentCard", "GET", [handleParam]),
      },
      "/agents/{handle}/ga4gh-entry.json": {
        get: {
          operationId: "getAgentGa4ghEntry",
          summary: "The agent as a GA4GH AI Registry agent entry (agent-entry.v1), its public services only",
          ...anonymousRead,
          parameters: [handleParam],
          responses: {
            "200": { description: "A GA4GH registry agent entry (seed 001's schema).", content: { "application/json": { schema: { type: "object" } } } },
            "409": problem("The entry would lack what the registry requires (its maintainers, until the publisher states them): what is missing, in words."),
            ...handleReadAnswers("agent"),
          },
        },
        options: preflight("preflightAgentGa4ghEntry", "GET", [handleParam]),
      },
      "/agents/{handle}/a2a": {
        post: {
          operationId: "sendA2AMessage",
          summary:
            "Run one of the agent's services over A2A (JSON-RPC: A2A 1.0's SendMessage or 0.3's message/send), as the token's owner, or find among them for a message in words",
          description:
            "A data part naming a skill runs it and needs a token; a message in words is answered with the agent's matching services, without a token as a signed-out visitor.",
          security: [{ apiToken: [] }, {}],
          parameters: [handleParam, a2aVersionParam("`1.0` for A2A 1.0's methods; without it the endpoint speaks A2A 0.3.")],
          requestBody: { required: true, content: { "application/json": schemaRef("JsonRpcRequest") } },
          responses: {
            "200": rpc("A JSON-RPC answer: the finished task as `result`, or an `error` for a method or message the endpoint refuses."),
            "400": rpc("The body is not JSON, not one JSON-RPC request object, or asks for a stream."),
            "401": rpc("A token that is not live, or none for a request that is not a message in words: `WWW-Authenticate: Bearer`, and a JSON-RPC error.", {
              "WWW-Authenticate": { schema: { type: "string" } },
            }),
            "404": rpc("No such agent for the token's owner."),
            "413": {
              description:
                "The request is too large: over 272 KB read (a JSON-RPC error; arguments may be at most 256 KB), or a declared body over 2 MB (a problem, before anything is read).",
              content: { "application/json": schemaRef("JsonRpcResponse"), "application/problem+json": schemaRef("Problem") },
            },
            "429": rpc("Too many requests from this client address (the API's limit); `Retry-After` says how many seconds to wait.", retryAfter),
            "500": rpc("Something went wrong on Explore's side; try again later."),
          },
        },
        get: {
          operationId: "getA2AEndpoint",
          summary: "Not served: the A2A endpoint takes POST (the agent card is at agent-card.json)",
          ...anonymousRead,
          parameters: [handleParam],
          responses: {
            "405": rpc("Always: a JSON-RPC error saying to POST, with `Allow: POST, OPTIONS`.", { Allow: { schema: { type: "string" } } }),
            "410": gone,
          },
        },
        options: preflight("preflightA2A", "POST", [handleParam]),
      },
      "/agents/{handle}/endpoint": {
        put: {
          operationId: "announceEndpoint",
          summary: "An adapter announces where it listens: Explore checks it answers MCP and offers every tool the agent's services call",
          security: [{ adapterToken: [] }],
          parameters: [handleParam],
          requestBody: { required: true, content: { "application/json": schemaRef("AnnouncementRequest") } },
          responses: {
            "200": { description: "Announced: the agent's listings can run now.", content: { "application/json": schemaRef("AnnouncementResult") } },
            "400": problem('The body is not `{"endpoint": "http(s)://…"}`.'),
            "401": {
              description: "No token, or not a live adapter token of this agent (one answer for both); `WWW-Authenticate: Bearer`.",
              headers: { "WWW-Authenticate": { schema: { type: "string" } } },
              content: { "application/problem+json": schemaRef("Problem") },
            },
            "409": problem("The agent's agent.json names its endpoint itself: there is no `${NAME}` placeholder to announce for."),
            "413": tooLarge,
            "422": problem("The endpoint did not answer MCP `initialize` and `tools/list`, or lacks a tool (named)."),
            "429": tooMany,
            "500": failed,
            "503": unavailable,
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          ...anonymousRead,
          responses: {
            "200": { description: "The OpenAPI 3.1 document.", content: { "application/vnd.oai.openapi+json": { schema: { type: "object" } } } },
            "304": notModified,
            "429": tooMany,
            "500": failed,
            "503": unavailable,
          },
        },
        options: preflight("preflightOpenApiDocument", "GET"),
      },
    },
    components: {
      securitySchemes: {
        apiToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal API token (`ept_…`), made in Explore's settings; it acts as its owner on the A2A endpoint alone.",
        },
        adapterToken: {
          type: "http",
          scheme: "bearer",
          description: "An adapter token (`eat_…`) the agent's publisher made on the dashboard.",
        },
      },
      schemas: {
        ...componentsOf("output", {
          ServicesResponse: servicesResponseSchema,
          ServiceDetail: serviceDetailSchema,
          Agent: agentSchema,
          Problem: problemSchema,
          GoneProblem: goneProblemSchema,
          AnnouncementResult: announcementResultSchema,
          JsonRpcResponse: jsonRpcResponseSchema,
          JsonValue: jsonValueSchema,
        }),
        // Request bodies as the handlers read them (unknown fields are ignored, not refused).
        ...componentsOf("input", {
          AnnouncementRequest: announcementSchema,
          JsonRpcRequest: jsonRpcRequestSchema,
          JsonValue: jsonValueSchema,
        }),
      },
    },
  };
}
