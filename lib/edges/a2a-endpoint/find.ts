import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { needWords, servicesForNeed, type NeedMatch } from "@/lib/edges/agent-mcp/need-match";
import { findListing } from "@/lib/model/catalog/queries";
import { a2aRefusal } from "@/lib/domain/formats/a2a-card/from-catalog";

// A message in words on an A2A endpoint: the services that match it, through find_services' matcher and its
// relevance floor (lib/edges/agent-mcp/need-match.ts), as the token's owner or a signed-out visitor may see them.
// Each says whether it is a weak match and how to run it: the data part to send (its skill, with the
// listing's example arguments) and its page.

const SHOWN = 5;
// An agent's own endpoint keeps the matches among its services: enough of the whole catalog's to hold them.
const WITHIN_AGENT = 200;

export type FoundService = {
  name: string;
  agent: string;
  skill: string;
  summary: string;
  page: string;
  /** strong: it matched every word of the need as typed; weak: only some of them. */
  match: "strong" | "weak";
  matched_words: string[];
  /** How to run it over A2A, or null with why not (it runs only from its page). */
  run: { endpoint: string; data: { agent: string; skill: string; arguments: Record<string, unknown> } } | null;
  not_over_a2a: string | null;
};

export type FoundServices = { need: string; words: string[]; matches: FoundService[]; text: string };

export type FindScope = {
  viewer: Viewer | null;
  /** An agent's endpoint finds among its services; Explore's among all. */
  handle: string | null;
  /** The endpoint the message came to: the run data parts are for it. */
  endpoint: string;
  origin: string;
};

function quoted(words: readonly string[]): string {
  return words.map((w) => `“${w}”`).join(", ");
}

async function foundOf(match: NeedMatch, scope: FindScope): Promise<FoundService | null> {
  const { service } = match;
  // The listing itself for its example arguments, and whether the endpoint answers it.
  const listing = await findListing(scope.viewer, service.handle, service.capability_id);
  if (!listing) return null;
  const refusal = a2aRefusal(listing);
  return {
    name: service.name,
    agent: service.handle,
    skill: service.capability_id,
    summary: service.summary,
    page: service.url,
    match: match.complete ? "strong" : "weak",
    matched_words: [...new Set(match.matched)],
    run:
      refusal === null
        ? { endpoint: scope.endpoint, data: { agent: service.handle, skill: service.capability_id, arguments: listing.example?.input ?? {} } }
        : null,
    not_over_a2a: refusal,
  };
}

function lineOf(found: FoundService, i: number): string {
  const strength = found.match === "strong" ? "a strong match" : `a weak match (it shares only ${quoted(found.matched_words)} with your words)`;
  const args =
    found.run && Object.keys(found.run.data.arguments).length > 0
      ? "changing the example arguments to yours"
      : "with the arguments it takes, if any (its page lists them)";
  const how = found.run
    ? `Run it: send the data part ${JSON.stringify(found.run.data)} to ${found.run.endpoint}, ${args}.`
    : `It runs only from its page: ${found.not_over_a2a ?? ""}.`;
  return `${i + 1}. ${found.name} (${found.agent}), ${strength}: ${found.summary} ${how} Its page: ${found.page}`;
}

/** The services matching a message in words, and the answer in words. */
export async function findForWords(need: string, scope: FindScope): Promise<FoundServices> {
  const words = needWords(need);
  const nothing = scope.handle ? `${scope.handle} has no service that matches` : "Nothing on Explore matches";
  const ask = `ask for it at ${scope.origin}/requests, where publishers see what is wanted`;
  if (words.length === 0) {
    return { need, words, matches: [], text: "Say what you need in a few concrete words, e.g. “convert miles to kilometres”." };
  }
  const all = await servicesForNeed(words, scope.handle ? WITHIN_AGENT : SHOWN, scope.viewer);
  const kept = (scope.handle ? all.filter((m) => m.service.handle === scope.handle) : all).slice(0, SHOWN);
  const matches = (await Promise.all(kept.map((m) => foundOf(m, scope)))).filter((f) => f !== null);
  if (matches.length === 0) return { need, words, matches, text: `${nothing} “${need}”. Try other words, or ${ask}.` };

  const weakOnly = matches.every((m) => m.match === "weak");
  const unmatched = words.filter((w) => !matches.some((m) => m.matched_words.includes(w)));
  const head = weakOnly
    ? `Only weak matches for “${need}”: each shares only some of its words${unmatched.length > 0 ? ` (none matches ${quoted(unmatched)})` : ""}. If none does what you need, ${ask}.`
    : `${matches.length === 1 ? "1 service matches" : `${matches.length} services match`} “${need}”.`;
  const token = scope.viewer ? [] : [`Running one needs a personal API token (Authorization: Bearer …), made at ${scope.origin}/settings.`];
  return { need, words, matches, text: [head, ...matches.map(lineOf), ...token].join("\n") };
}
