import { z } from "zod";

// What each A2A version requires of an agent card, in JSON, for the tests that hold Explore's cards to it: the
// fields A2A 1.0 marks REQUIRED (AgentCard, AgentInterface, AgentSkill; a security scheme is one of its kinds)
// and those A2A 0.3's JSON schema lists as required (with `url`, `protocolVersion` and typed schemes). Strict
// where the importer (card-schema.ts) is lenient: a card Explore writes must hold what a reader may rely on.

const text = z.string().trim().min(1);
const url = z.url({ protocol: /^https?$/ });
const modes = z.array(text).min(1);
const BINDINGS = ["JSONRPC", "GRPC", "HTTP+JSON"] as const;

const currentScheme = z.union([
  z.strictObject({ httpAuthSecurityScheme: z.looseObject({ scheme: text }) }),
  z.strictObject({ apiKeySecurityScheme: z.looseObject({ location: text, name: text }) }),
  z.strictObject({ oauth2SecurityScheme: z.looseObject({ flows: z.looseObject({}) }) }),
  z.strictObject({ openIdConnectSecurityScheme: z.looseObject({ openIdConnectUrl: url }) }),
  z.strictObject({ mtlsSecurityScheme: z.looseObject({}) }),
]);
const currentRequirement = z.strictObject({ schemes: z.record(text, z.looseObject({ list: z.array(z.string()).optional() })) });

export const a2a10Card = z.looseObject({
  name: text,
  description: text,
  supportedInterfaces: z.array(z.looseObject({ url, protocolBinding: z.enum(BINDINGS), protocolVersion: z.string().regex(/^\d+\.\d+$/) })).min(1),
  version: text,
  capabilities: z.looseObject({ streaming: z.boolean().optional(), pushNotifications: z.boolean().optional(), extendedAgentCard: z.boolean().optional() }),
  securitySchemes: z.record(text, currentScheme).optional(),
  securityRequirements: z.array(currentRequirement).optional(),
  defaultInputModes: modes,
  defaultOutputModes: modes,
  skills: z
    .array(
      z.looseObject({
        id: text,
        name: text,
        description: text,
        tags: z.array(text).min(1),
        inputModes: modes.optional(),
        outputModes: modes.optional(),
        securityRequirements: z.array(currentRequirement).optional(),
      }),
    )
    .min(1),
  provider: z.looseObject({ organization: text, url }).optional(),
  documentationUrl: url.optional(),
  iconUrl: url.optional(),
});

const legacyScheme = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("http"), scheme: text }),
  z.looseObject({ type: z.literal("apiKey"), in: z.enum(["header", "query", "cookie"]), name: text }),
  z.looseObject({ type: z.literal("oauth2"), flows: z.looseObject({}) }),
  z.looseObject({ type: z.literal("openIdConnect"), openIdConnectUrl: url }),
  z.looseObject({ type: z.literal("mutualTLS") }),
]);
const legacyRequirement = z.record(text, z.array(z.string()));

export const a2a03Card = z.looseObject({
  protocolVersion: z.string().regex(/^0\.3(\.\d+)?$/),
  name: text,
  description: text,
  url,
  preferredTransport: z.enum(BINDINGS).optional(),
  additionalInterfaces: z.array(z.strictObject({ url, transport: z.enum(BINDINGS) })).optional(),
  version: text,
  capabilities: z.looseObject({ streaming: z.boolean().optional(), pushNotifications: z.boolean().optional() }),
  securitySchemes: z.record(text, legacyScheme).optional(),
  security: z.array(legacyRequirement).optional(),
  defaultInputModes: z.array(text),
  defaultOutputModes: z.array(text),
  skills: z.array(
    z.looseObject({
      id: text,
      name: text,
      description: text,
      tags: z.array(text),
      inputModes: z.array(text).optional(),
      outputModes: z.array(text).optional(),
      security: z.array(legacyRequirement).optional(),
    }),
  ),
  provider: z.looseObject({ organization: text, url }).optional(),
  documentationUrl: url.optional(),
  iconUrl: url.optional(),
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
});

/** The names of the security schemes a card's requirements (its own and its skills') name but does not define. */
export function undefinedSchemes(card: Record<string, unknown>): string[] {
  const defined = new Set(Object.keys((card.securitySchemes as Record<string, unknown> | undefined) ?? {}));
  const named: string[] = [];
  const collect = (requirements: unknown) => {
    for (const r of Array.isArray(requirements) ? (requirements as Record<string, unknown>[]) : []) {
      named.push(...Object.keys("schemes" in r ? (r.schemes as Record<string, unknown>) : r));
    }
  };
  collect(card.securityRequirements ?? card.security);
  for (const skill of Array.isArray(card.skills) ? (card.skills as Record<string, unknown>[]) : []) collect(skill.securityRequirements ?? skill.security);
  return named.filter((n) => !defined.has(n));
}
