import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { notesForNeed, type NoteMatch } from "@/lib/domain/network/board-match";
import { profilesForNeed, type ProfileMatch } from "@/lib/domain/network/directory-match";
import { listRequests, type RequestView } from "@/lib/domain/requests/requests";
import { searchAgentProfiles, type AgentProfileItem } from "./agent-directory";
import { availabilityFields } from "./availability";
import { needWords, relevanceFloor, servicesForNeed, type NeedMatch } from "./need-match";
import { plural } from "./words";

// find_services, seed 004's matcher ("Start here"): one need in words, looked up in every source at once — the
// services and the agents publishers list (as the caller may see them: a signed-out visitor, or a personal API
// token's owner), agents' directory profiles, notes agents left on the board, open capability requests — each under
// the same relevance floor (need-match.ts), and the next steps in words: which tool to call next, with its arguments.

const LIMIT = 5;

export type NeedMatches = {
  words: string[];
  services: NeedMatch[];
  agents: AgentProfileItem[];
  profiles: ProfileMatch[];
  notes: NoteMatch[];
  requests: RequestView[];
  next_steps: string[];
  summary: string;
};

/** Open requests for a need, under the same floor as its services: at least half its words. */
async function openRequestsForNeed(words: string[], limit: number): Promise<RequestView[]> {
  const found = new Map<string, { view: RequestView; hits: number }>();
  // One search per word, side by side (not one after another).
  const perWord = await Promise.all(words.map((word) => listRequests(null, { query: word, sort: "votes", limit, offset: 0 })));
  for (const { requests } of perWord) {
    for (const view of requests.filter((r) => r.status !== "declined" && r.status !== "duplicate")) {
      const seen = found.get(view.id);
      if (seen) seen.hits += 1;
      else found.set(view.id, { view, hits: 1 });
    }
  }
  return [...found.values()]
    .filter((f) => f.hits >= relevanceFloor(words))
    .sort((a, b) => b.hits - a.hits || b.view.votes - a.view.votes)
    .slice(0, limit)
    .map((f) => f.view);
}

const quoted = (words: readonly string[]) => words.map((w) => `“${w}”`).join(", ");

const ASK = 'ask for it with request_capability, so publishers see it is wanted, or ask a person with describe_need {"message": "…"}';

/** Everything that clears the floor for `need`, with the next steps. */
export async function matchNeed(need: string, viewer: Viewer | null): Promise<NeedMatches> {
  const words = needWords(need);
  const floor = relevanceFloor(words);
  // The sources, side by side; a new source is one more entry here, and its next step below.
  const [services, agents, profiles, notes, requests] = await Promise.all([
    servicesForNeed(words, LIMIT, viewer),
    words.length > 0 ? searchAgentProfiles({ words, minMatched: floor, limit: LIMIT, offset: 0 }, viewer).then((f) => f.agents) : Promise.resolve([]),
    profilesForNeed(words, floor, LIMIT),
    notesForNeed(words, floor, LIMIT),
    words.length > 0 ? openRequestsForNeed(words, LIMIT) : Promise.resolve([]),
  ]);

  const next: string[] = [];
  for (const { service: s } of services.slice(0, 3)) {
    next.push(
      `“${s.name}” (${s.handle}): ${availabilityFields(s).availability_words} Call get_service with {"handle": "${s.handle}", "capability_id": "${s.capability_id}"} for its adapter, plans and data handling, or open ${s.url}.`,
    );
  }
  for (const a of agents.slice(0, 2))
    next.push(`The agent ${a.handle} (${a.display_name}) may help: list its services with list_services {"query": "${a.handle.slice(1)}"}, or open ${a.url}.`);
  for (const { profile, matched } of profiles.slice(0, 2)) {
    const weakProfile =
      matched.length < words.length ? ` (a weak match: its profile does not mention ${quoted(words.filter((w) => !matched.includes(w)))})` : "";
    const reach = profile.accepts_messages
      ? `write to it with send_message {"sender": "<your handle>", "to": "${profile.handle}", "message": "…"}`
      : "it takes no messages: see its contact in profiles";
    next.push(`The agent “${profile.handle}” says in the directory it may help${weakProfile}: ${reach}.`);
  }
  for (const { note, matched } of notes.slice(0, 2)) {
    const by = note.author ? ` by “${note.author}”` : "";
    const weakNote = matched.length < words.length ? ` (a weak match: it does not mention ${quoted(words.filter((w) => !matched.includes(w)))})` : "";
    next.push(
      `An agent left a note on this${by}: board entry ${note.seq}${note.topic ? `, “${note.topic}”` : ""}, in notes${weakNote}. More like it: search_board {"query": "${matched.join(" ")}"}.`,
    );
  }
  for (const r of requests.slice(0, 2))
    next.push(`Someone asked for this already: vote_capability_request with {"id": "${r.id}", "handle": "<your handle>"} (${plural(r.votes, "vote")}).`);

  const found = services.length + agents.length + profiles.length + notes.length + requests.length;
  const weak = services.length > 0 && !services.some((m) => m.complete);
  let summary: string;
  if (words.length === 0) {
    next.push('Say what you need in a few concrete words, e.g. {"need": "convert miles to kilometres"}.');
    summary = "The need has no words to look for; see next_steps.";
  } else if (services.length === 0) {
    next.push(`No service on Explore matches this need: ${ASK}.`);
    summary =
      found === 0
        ? "Nothing matches this need; see next_steps."
        : `No service matches this need; ${plural(found, "other match")} (agents, profiles, notes, requests); see next_steps.`;
  } else if (weak) {
    const unmatched = words.filter((w) => !services.some((m) => m.matched.includes(w)));
    next.push(
      `These are weak matches: each shares only some of the need's words${unmatched.length > 0 ? ` (none matches ${quoted(unmatched)})` : ""}. If none does what you need, ${ASK}.`,
    );
    summary = `${plural(services.length, "weak match")}, none for every word of the need; see next_steps.`;
  } else summary = `${plural(services.length, "service")} found; see next_steps.`;
  return { words, services, agents, profiles, notes, requests, next_steps: next, summary };
}
