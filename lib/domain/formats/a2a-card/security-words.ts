import type { Scheme } from "./card-schema";

// A card's security schemes and requirements in words ("needs a bearer token issued by the provider"), for
// the publisher reading the draft: agent.json has no field for how an adapter authenticates callers.

function quoted(description: string | undefined): string {
  const words = description?.trim();
  return words ? ` (the card says: “${words}”)` : "";
}

export function schemeWords(scheme: Scheme): string {
  switch (scheme.kind) {
    case "http":
      return httpWords(scheme.scheme, scheme.bearerFormat) + quoted(scheme.description);
    case "apiKey":
      return `needs an API key issued by the provider, sent in the ${scheme.location} “${scheme.name}”${quoted(scheme.description)}`;
    case "oauth2":
      return `needs an OAuth 2.0 access token from the provider (${flowWords(scheme.flows)})${quoted(scheme.description)}`;
    case "openIdConnect":
      return `needs an OpenID Connect sign-in at ${scheme.url}${quoted(scheme.description)}`;
    case "mutualTLS":
      return `needs a client certificate (mutual TLS) issued by the provider${quoted(scheme.description)}`;
  }
}

function httpWords(scheme: string, bearerFormat: string | undefined): string {
  const name = scheme.toLowerCase();
  if (name === "bearer") return `needs a bearer token${bearerFormat ? ` (${bearerFormat})` : ""} issued by the provider`;
  if (name === "basic") return "needs a user name and password (HTTP Basic) issued by the provider";
  return `needs HTTP “${scheme}” authentication from the provider`;
}

const FLOW_WORDS: Record<string, string> = {
  authorizationCode: "authorization code",
  clientCredentials: "client credentials",
  implicit: "implicit",
  password: "password",
  deviceCode: "device code",
};

function flowWords(flows: readonly string[]): string {
  if (flows.length === 0) return "no flow stated";
  return `${flows.map((f) => FLOW_WORDS[f] ?? f).join(", ")} flow${flows.length === 1 ? "" : "s"}`;
}

/**
 * The card's requirements in one sentence: alternatives joined by "or", schemes required together by
 * "and". `requirements` lists, for each alternative, the names of the schemes it needs.
 */
export function securityWords(schemes: Readonly<Record<string, Scheme>>, requirements: readonly (readonly string[])[]): string {
  const named = Object.keys(schemes);
  if (named.length === 0 && requirements.length === 0) return "The card states no authentication: anyone may call it.";
  // No requirement but schemes declared: A2A leaves it to the schemes, so each one is an alternative.
  const alternatives = requirements.length > 0 ? requirements : named.map((name) => [name]);
  const phrases = alternatives.map((names) =>
    names.length === 0
      ? "needs no authentication"
      : names.map((name) => (schemes[name] ? schemeWords(schemes[name]) : `needs “${name}”, a scheme the card does not define`)).join(" and "),
  );
  return `Calling this agent ${phrases.join(", or ")}.`;
}
