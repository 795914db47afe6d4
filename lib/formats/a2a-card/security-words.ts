import type { KeyedScheme, TypedScheme } from "./card-schema";

// A card's security schemes and requirements in words ("needs a bearer token issued by the provider"), for
// the publisher reading the draft: agent.json has no field for how an adapter authenticates callers.

type Scheme = TypedScheme | KeyedScheme;

function quoted(description: string | undefined): string {
  const said = description?.trim();
  return said ? ` (the card says: “${said}”)` : "";
}

export function schemeWords(scheme: Scheme): string {
  if ("type" in scheme) {
    switch (scheme.type) {
      case "http":
        return httpWords(scheme.scheme, scheme.bearerFormat) + quoted(scheme.description);
      case "apiKey":
        return `needs an API key issued by the provider, sent in the ${scheme.in} “${scheme.name}”${quoted(scheme.description)}`;
      case "oauth2":
        return `needs an OAuth 2.0 access token from the provider (${flowWords(Object.keys(scheme.flows))})${quoted(scheme.description)}`;
      case "openIdConnect":
        return `needs an OpenID Connect sign-in at ${scheme.openIdConnectUrl}${quoted(scheme.description)}`;
      case "mutualTLS":
        return `needs a client certificate (mutual TLS) issued by the provider${quoted(scheme.description)}`;
    }
  }
  if ("httpAuthSecurityScheme" in scheme) {
    const s = scheme.httpAuthSecurityScheme;
    return httpWords(s.scheme, s.bearerFormat) + quoted(s.description);
  }
  if ("apiKeySecurityScheme" in scheme) {
    const s = scheme.apiKeySecurityScheme;
    return `needs an API key issued by the provider, sent in the ${s.location} “${s.name}”${quoted(s.description)}`;
  }
  if ("oauth2SecurityScheme" in scheme) {
    const s = scheme.oauth2SecurityScheme;
    return `needs an OAuth 2.0 access token from the provider (${flowWords(Object.keys(s.flows ?? {}))})${quoted(s.description)}`;
  }
  if ("openIdConnectSecurityScheme" in scheme) {
    const s = scheme.openIdConnectSecurityScheme;
    return `needs an OpenID Connect sign-in at ${s.openIdConnectUrl}${quoted(s.description)}`;
  }
  return `needs a client certificate (mutual TLS) issued by the provider${quoted(scheme.mtlsSecurityScheme.description)}`;
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
    names.length === 0 ? "needs no authentication" : names.map((name) => (schemes[name] ? schemeWords(schemes[name]) : `needs “${name}”, a scheme the card does not define`)).join(" and "),
  );
  return `Calling this agent ${phrases.join(", or ")}.`;
}
