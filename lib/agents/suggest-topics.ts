// A category and tags for a tool, suggested from the network's tag vocabulary: words of the tool's name,
// title and description (and the server's name) that are a tag or one of its aliases. Only a suggestion —
// the publisher reviews it — so a word counts only when it names a tag outright, never by a loose likeness.
import { resolveTag, suggestTags } from "@/lib/agent-file/tags";
import type { ConnectedTool, ServerInfo } from "./connected-tools";

/** Tags besides the category's: a few good ones read better than seven guesses. */
const MAX_EXTRA_TAGS = 3;
// Where a word appears says how deliberately it was chosen.
const WEIGHTS = { name: 3, title: 2, description: 1, server: 1 } as const;

function words(text: string | null): string[] {
  if (text === null) return [];
  return text
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length >= 3);
}

function tagOf(word: string): string | null {
  return resolveTag(word) ?? (word.endsWith("s") ? resolveTag(word.slice(0, -1)) : null);
}

/** A tool-name word that is nearly a tag ("reminder" for reminders), when its first letters agree. */
function nearTag(word: string): string | null {
  if (word.length < 5) return null;
  const [nearest] = suggestTags(word, 1);
  return nearest !== undefined && nearest.startsWith(word.slice(0, 4)) ? nearest : null;
}

export type TopicSuggestion = { category: string | null; tags: string[] };

export function suggestTopics(tool: ConnectedTool, server: ServerInfo): TopicSuggestion {
  const scores = new Map<string, number>();
  const add = (slug: string | null, weight: number) => {
    if (slug !== null) scores.set(slug, (scores.get(slug) ?? 0) + weight);
  };
  const score = (list: string[], weight: number, loose: boolean) => {
    list.forEach((word, i) => {
      const next = list[i + 1];
      // Two words may make one tag ("real estate", "time zones").
      add(next === undefined ? null : resolveTag(`${word}_${next}`), weight);
      add(tagOf(word) ?? (loose ? nearTag(word) : null), weight);
    });
  };
  score(words(tool.name), WEIGHTS.name, true);
  score(words(tool.title ?? tool.annotations.title ?? null), WEIGHTS.title, false);
  score(words(tool.description), WEIGHTS.description, false);
  score(words(server.title ?? server.name), WEIGHTS.server, false);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([slug]) => slug);
  const [category, ...rest] = ranked;
  return { category: category ?? null, tags: rest.slice(0, MAX_EXTRA_TAGS) };
}
