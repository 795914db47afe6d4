import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { searchServiceItems } from "@/lib/edges/api/reads";
import type { ServiceItem } from "@/lib/edges/api/schemas";
import { noFilters } from "@/lib/domain/search/filters";
import { queryCorrections, queryWords } from "@/lib/domain/search/search";

// What find_services calls a match for a need. Each of the need's words is searched on its own. The relevance floor:
// a match is found by at least half the need's words as typed; below that a service shares a word or two with the
// need and nothing more ("file my VAT return" is not a SHA-256 hash of a file). A word found only once typo
// correction changed it counts half, for the order only: a made-up word is "corrected" to whatever is nearest.
// Held to needs.fixture.json by need-match.test.ts, over the demo network.

// Words that say nothing about a need ("I need a tool for …", "what is …").
const FILLER = new Set(
  (
    "a an and any are as at be by can could do does for from get help how i in into is it me my need of on or please " +
    "should some something that the this to tool want what when where which who with would you"
  ).split(" "),
);

/** The need's words worth searching for. */
export function needWords(need: string): string[] {
  return [...new Set(queryWords(need).filter((w) => w.length >= 2 && !FILLER.has(w)))].slice(0, 6);
}

/** How many of the need's words must find a match: half of them, rounded up. */
export function relevanceFloor(words: readonly string[]): number {
  return Math.ceil(words.length / 2);
}

export type NeedMatch = {
  service: ServiceItem;
  /** The need's words it matched (as typed or corrected). */
  matched: string[];
  /** It matched every word of the need as typed: not a partial match. */
  complete: boolean;
};

// Enough of each word's hits that a service matching most words is among them.
const PER_WORD = 50;

type Tally = { service: ServiceItem; score: number; typed: number; matched: string[]; ranks: number };

/** Services that clear the relevance floor for the need's words, the ones earning most first, as `viewer` may see them (signed out by default). */
export async function servicesForNeed(words: string[], limit: number, viewer: Viewer | null = null): Promise<NeedMatch[]> {
  if (words.length === 0) return [];
  const search = (word: string, verbatim: boolean) =>
    searchServiceItems({ ...noFilters, query: word, verbatim }, { sort: "relevance", limit: PER_WORD, offset: 0 }, undefined, undefined, viewer);
  const corrected = new Set((await queryCorrections(words.join(" "))).filter((c) => c.corrected !== null).map((c) => c.word));
  const [together, asTyped, asCorrected] = await Promise.all([
    // All the words at once: the search's own ranking, for the order among the services every word finds.
    words.length > 1 ? search(words.join(" "), false) : null,
    Promise.all(words.map((word) => search(word, true))),
    Promise.all(words.map((word) => (corrected.has(word) ? search(word, false) : null))),
  ]);
  const tallies = new Map<string, Tally>();
  const earn = (service: ServiceItem, word: string, points: number, rank: number) => {
    // Each word it is not found by counts as ranked last for that word.
    const tally = tallies.get(service.api_url) ?? { service, score: 0, typed: 0, matched: [], ranks: words.length * PER_WORD };
    tally.score += points;
    if (points === 1) tally.typed += 1;
    tally.matched.push(word);
    tally.ranks += rank - PER_WORD;
    tallies.set(service.api_url, tally);
  };
  words.forEach((word, i) => {
    const typed = asTyped[i]?.services ?? [];
    const found = new Set(typed.map((s) => s.api_url));
    typed.forEach((service, rank) => earn(service, word, 1, rank));
    (asCorrected[i]?.services ?? []).forEach((service, rank) => {
      if (!found.has(service.api_url)) earn(service, word, 0.5, rank);
    });
  });
  const jointRank = new Map((together?.services ?? []).map((service, rank) => [service.api_url, rank]));
  const joint = (t: Tally) => jointRank.get(t.service.api_url) ?? PER_WORD;
  return [...tallies.values()]
    .filter((t) => t.typed >= relevanceFloor(words))
    .sort((a, b) => b.score - a.score || joint(a) - joint(b) || a.ranks - b.ranks)
    .slice(0, limit)
    .map((t) => ({ service: t.service, matched: t.matched, complete: t.typed === words.length }));
}
