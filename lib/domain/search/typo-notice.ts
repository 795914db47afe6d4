import { queryWords } from "./query-words";

// "Showing results for mortgage — search instead for mortage": when the search quietly matched a
// correction of a word, the page says so and offers the words as typed (URL `verbatim=1`). Pure, so the
// decision is unit-tested apart from the lexicon.

/** A word of the query and its nearest lexeme, when typo correction found one (lib/domain/search/words.ts). */
export type WordCorrection = { word: string; corrected: string | null };

export type TypoNotice = {
  /** The query with the corrected words in place: what the results are for. */
  shownFor: string;
  /** The query as typed: the "search instead" link's words. */
  typed: string;
  /** Which words changed, in order (for the highlighted parts of the notice). */
  changed: { word: string; corrected: string }[];
};

/**
 * The notice for a query, or null. A correction that merely completes a half-typed word ("mortg" →
 * "mortgage") is not news: the word matched as a prefix anyway, so only corrections that are not
 * continuations of the typed word count. Words are compared as the search saw them (lowercase, NFKC).
 */
export function typoNotice(query: string | null, corrections: readonly WordCorrection[]): TypoNotice | null {
  if (!query) return null;
  const byWord = new Map(corrections.map((c) => [c.word, c.corrected]));
  const changed: { word: string; corrected: string }[] = [];
  for (const word of queryWords(query)) {
    const corrected = byWord.get(word);
    if (corrected && corrected !== word && !corrected.startsWith(word)) changed.push({ word, corrected });
  }
  if (changed.length === 0) return null;
  const replacement = new Map(changed.map((c) => [c.word, c.corrected]));
  // Rebuild the query from its own pieces: separators stay as typed, corrected words are swapped in.
  const shownFor = query
    .split(/([^\p{L}\p{N}]+)/u)
    .map((piece) => replacement.get(piece.toLowerCase().normalize("NFKC")) ?? piece)
    .join("");
  return { shownFor, typed: query, changed };
}
