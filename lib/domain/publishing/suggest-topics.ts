// A category and tags for a tool, suggested from the network's tag vocabulary — conservatively, and only as
// a suggestion the publisher confirms in the editor. Only the tool's own name and title count, and only a
// word that is a tag's own slug, or two words that name a tag: a description's incidental words, near-misses
// and one-word aliases ("entities" is an alias of #nlp, "create_entities" is no language tool) made
// categories nobody meant, so they are not read.
import { isCanonicalTag, resolveTag } from "@/lib/model/agent-file/tags";
import type { ConnectedTool } from "./connected-tools";
import { nameWords } from "./tool-class";

/** Tags besides the category's: a few good ones read better than seven guesses. */
const MAX_EXTRA_TAGS = 3;
// The name is the tool's own choice of words; its title repeats them for people.
const WEIGHTS = { name: 2, title: 1 } as const;

function titleWords(text: string | null): string[] {
  return text === null ? [] : nameWords(text);
}

function tagOf(word: string): string | null {
  if (word.length < 3) return null;
  // A slug in the singular or the plural ("color" for #colors, "recipes" for #recipe).
  for (const slug of [word, `${word}s`, word.endsWith("s") ? word.slice(0, -1) : null])
    if (slug !== null && slug.length >= 3 && isCanonicalTag(slug)) return slug;
  return null;
}

export type TopicSuggestion = { category: string | null; tags: string[] };

export function suggestTopics(tool: ConnectedTool): TopicSuggestion {
  const scores = new Map<string, number>();
  const add = (slug: string | null, weight: number) => {
    if (slug !== null) scores.set(slug, (scores.get(slug) ?? 0) + weight);
  };
  const score = (list: string[], weight: number) => {
    list.forEach((word, i) => {
      const next = list[i + 1];
      // Two words may make one tag ("real estate", "time zones").
      add(next === undefined ? null : resolveTag(`${word}_${next}`), weight);
      add(tagOf(word), weight);
    });
  };
  score(nameWords(tool.name), WEIGHTS.name);
  score(titleWords(tool.title ?? tool.annotations.title ?? null), WEIGHTS.title);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([slug]) => slug);
  const [category, ...rest] = ranked;
  return { category: category ?? null, tags: rest.slice(0, MAX_EXTRA_TAGS) };
}
