import { z } from "zod";
import type { ForeignProblem } from "@/lib/domain/formats/foreign";

// An A2A agent card, read in either of the two shapes in use: the v0.3 JSON one (seed 002: `url`,
// `preferredTransport`, `security`, schemes with a `type`) and the v1.0 one the A2A SDK speaks
// (`supportedInterfaces`, `securityRequirements`, schemes keyed by their kind). Unknown fields are ignored:
// cards carry extensions. Only what the import uses is checked, each with its path in the card.

const text = z.string().trim().min(1);
const url = z.url({ protocol: /^https?$/ });
const modes = z.array(text);

/** A security scheme in the card's words, whichever shape it came in. */
export type Scheme =
  | { kind: "http"; scheme: string; bearerFormat?: string; description?: string }
  | { kind: "apiKey"; location: string; name: string; description?: string }
  | { kind: "oauth2"; flows: string[]; description?: string }
  | { kind: "openIdConnect"; url: string; description?: string }
  | { kind: "mutualTLS"; description?: string };

const said = z.string().optional();
const flows = z.record(z.string(), z.unknown());

/** A v0.3 security scheme (OpenAPI-style, with a `type`). */
const typedScheme = z.discriminatedUnion("type", [
  z.object({ type: z.literal("http"), scheme: text, bearerFormat: said, description: said }).transform(({ type: _, ...s }): Scheme => ({ kind: "http", ...s })),
  z
    .object({ type: z.literal("apiKey"), in: z.enum(["header", "query", "cookie"]), name: text, description: said })
    .transform((s): Scheme => ({ kind: "apiKey", location: s.in, name: s.name, description: s.description })),
  z
    .object({ type: z.literal("oauth2"), flows, description: said })
    .transform((s): Scheme => ({ kind: "oauth2", flows: Object.keys(s.flows), description: s.description })),
  z
    .object({ type: z.literal("openIdConnect"), openIdConnectUrl: url, description: said })
    .transform((s): Scheme => ({ kind: "openIdConnect", url: s.openIdConnectUrl, description: s.description })),
  z.object({ type: z.literal("mutualTLS"), description: said }).transform((s): Scheme => ({ kind: "mutualTLS", description: s.description })),
]);

/** A v1.0 security scheme (protobuf JSON: one key naming its kind). */
const keyedScheme = z.union([
  z
    .object({ httpAuthSecurityScheme: z.object({ scheme: text, bearerFormat: said, description: said }) })
    .transform(({ httpAuthSecurityScheme: s }): Scheme => ({ kind: "http", ...s })),
  z
    .object({ apiKeySecurityScheme: z.object({ location: text, name: text, description: said }) })
    .transform(({ apiKeySecurityScheme: s }): Scheme => ({ kind: "apiKey", ...s })),
  z
    .object({ oauth2SecurityScheme: z.object({ flows: flows.optional(), description: said }) })
    .transform(({ oauth2SecurityScheme: s }): Scheme => ({ kind: "oauth2", flows: Object.keys(s.flows ?? {}), description: s.description })),
  z
    .object({ openIdConnectSecurityScheme: z.object({ openIdConnectUrl: url, description: said }) })
    .transform(({ openIdConnectSecurityScheme: s }): Scheme => ({ kind: "openIdConnect", url: s.openIdConnectUrl, description: s.description })),
  z
    .object({ mtlsSecurityScheme: z.object({ description: said }) })
    .transform(({ mtlsSecurityScheme: s }): Scheme => ({ kind: "mutualTLS", description: s.description })),
]);

const provider = z.looseObject({ organization: text, url: url.optional() });

const capabilities = z.looseObject({
  streaming: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  extensions: z.array(z.looseObject({ uri: text, description: z.string().optional() })).optional(),
});

const legacyRequirement = z.record(z.string(), z.array(z.string()));
const currentRequirement = z.looseObject({ schemes: z.record(z.string(), z.looseObject({ list: z.array(z.string()).optional() })) });

function skill<R extends z.ZodType>(requirement: R) {
  return z.looseObject({
    id: text,
    name: text,
    description: text,
    tags: z.array(z.string()).default([]),
    examples: z.array(z.string()).optional(),
    inputModes: modes.optional(),
    outputModes: modes.optional(),
    security: z.array(requirement).optional(),
    securityRequirements: z.array(requirement).optional(),
  });
}

const common = {
  name: text,
  description: text,
  provider: provider.optional(),
  version: text,
  documentationUrl: url.optional(),
  iconUrl: url.optional(),
  capabilities: capabilities.optional(),
  defaultInputModes: modes.optional(),
  defaultOutputModes: modes.optional(),
};

export const legacyCardSchema = z.looseObject({
  ...common,
  protocolVersion: z.string().optional(),
  url,
  preferredTransport: text.optional(),
  additionalInterfaces: z.array(z.looseObject({ url, transport: text })).optional(),
  securitySchemes: z.record(z.string(), typedScheme).optional(),
  security: z.array(legacyRequirement).optional(),
  skills: z.array(skill(legacyRequirement)).min(1),
});

export const currentCardSchema = z.looseObject({
  ...common,
  supportedInterfaces: z.array(z.looseObject({ url, protocolBinding: text, protocolVersion: z.string().optional() })).min(1),
  securitySchemes: z.record(z.string(), z.union([keyedScheme, typedScheme])).optional(),
  securityRequirements: z.array(currentRequirement).optional(),
  skills: z.array(skill(currentRequirement)).min(1),
});

export type LegacyCard = z.infer<typeof legacyCardSchema>;
export type CurrentCard = z.infer<typeof currentCardSchema>;

/** "skills[2].name" — the path a person reads in their card. */
export function cardPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

const KIND_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

function issueWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "is missing" : `must be ${KIND_WORDS[issue.expected] ?? issue.expected}`;
    case "too_small":
      return issue.origin === "array" ? `must list at least ${String(issue.minimum)}` : "must not be empty";
    case "invalid_format":
      return issue.format === "url" ? "must be a web address (https://…)" : `must be a valid ${issue.format}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      return issue.path.at(-1) === "type"
        ? "has a type A2A does not define (http, apiKey, oauth2, openIdConnect or mutualTLS)"
        : "is not a security scheme A2A defines";
    default:
      return issue.message;
  }
}

export function problemsOf(error: z.ZodError): ForeignProblem[] {
  return error.issues.map((issue) => ({ path: cardPath(issue.path), message: issueWords(issue) }));
}
