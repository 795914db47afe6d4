import { AgentCard, type AgentSkill, type SecurityRequirement } from "@a2a-js/sdk";

// Explore's cards name one endpoint for A2A 1.0 and 0.3 alike, and each reader gets the card in the shape of
// the version it speaks. A2A 1.0 readers say so in the A2A-Version header (the SDK's resolver sends "1.0"); a
// request without it is an A2A 0.3 reader's, as on the endpoint itself. A 0.3 card has `url`,
// `protocolVersion` and `preferredTransport` where 1.0 has `supportedInterfaces`, `security` where 1.0 has
// `securityRequirements`, and schemes with a `type`: a 1.0 card lacks fields 0.3 requires, so one shape
// cannot serve both.

/** Whether a request's A2A-Version asks for A2A 0.3 (none does too). */
export function wantsLegacy(requestedVersion: string | null): boolean {
  const version = requestedVersion?.trim() ?? "";
  return version === "" || version.startsWith("0.");
}

/** The card's JSON for a reader that asked for `requestedVersion` (A2A-Version). */
export function cardJson(card: AgentCard, requestedVersion: string | null): Record<string, unknown> {
  if (wantsLegacy(requestedVersion)) return legacyCard(card);
  const json: unknown = AgentCard.toJSON(card);
  return typeof json === "object" && json !== null ? { ...json } : {};
}

function legacyRequirement(requirement: SecurityRequirement): Record<string, string[]> {
  return Object.fromEntries(Object.entries(requirement.schemes).map(([name, scopes]) => [name, [...scopes.list]]));
}

function legacySkill(skill: AgentSkill): Record<string, unknown> {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    tags: skill.tags,
    ...(skill.examples.length > 0 ? { examples: skill.examples } : {}),
    ...(skill.inputModes.length > 0 ? { inputModes: skill.inputModes } : {}),
    ...(skill.outputModes.length > 0 ? { outputModes: skill.outputModes } : {}),
    ...(skill.securityRequirements.length > 0 ? { security: skill.securityRequirements.map(legacyRequirement) } : {}),
  };
}

/** The card in A2A 0.3's JSON shape, naming its 0.3 interface as `url`. */
export function legacyCard(card: AgentCard): Record<string, unknown> {
  const legacy = card.supportedInterfaces.filter((i) => i.protocolVersion.startsWith("0."));
  const [primary] = legacy;
  if (!primary) throw new Error(`The card of ${card.name} names no A2A 0.3 interface.`);
  const schemes = Object.entries(card.securitySchemes).map(([name, { scheme }]) => {
    // Explore's cards hold its personal API token alone: an HTTP bearer scheme.
    if (scheme?.$case !== "httpAuthSecurityScheme") throw new Error(`The security scheme ${name} is not an HTTP scheme.`);
    const { scheme: kind, bearerFormat, description } = scheme.value;
    return [name, { type: "http", scheme: kind, ...(bearerFormat ? { bearerFormat } : {}), ...(description ? { description } : {}) }];
  });
  return {
    protocolVersion: primary.protocolVersion,
    name: card.name,
    description: card.description,
    url: primary.url,
    preferredTransport: primary.protocolBinding,
    // Readers take `url` as the first interface and add these to it: the others alone.
    ...(legacy.length > 1 ? { additionalInterfaces: legacy.slice(1).map((i) => ({ url: i.url, transport: i.protocolBinding })) } : {}),
    ...(card.provider ? { provider: { organization: card.provider.organization, url: card.provider.url } } : {}),
    ...(card.iconUrl ? { iconUrl: card.iconUrl } : {}),
    version: card.version,
    ...(card.documentationUrl ? { documentationUrl: card.documentationUrl } : {}),
    capabilities: { streaming: card.capabilities?.streaming ?? false, pushNotifications: card.capabilities?.pushNotifications ?? false },
    ...(schemes.length > 0 ? { securitySchemes: Object.fromEntries(schemes) } : {}),
    ...(card.securityRequirements.length > 0 ? { security: card.securityRequirements.map(legacyRequirement) } : {}),
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: card.skills.map(legacySkill),
    supportsAuthenticatedExtendedCard: card.capabilities?.extendedAgentCard ?? false,
  };
}
