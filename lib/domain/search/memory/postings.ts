import type { Sort } from "@/lib/domain/search/filters";
import type { MeantLexemes } from "@/lib/domain/search/lexemes";
import type { IndexedListing } from "./types";

// The words' postings in memory: each word the sorted numbers of the listings holding it (listings.ts) with the
// score the word earns each, as PostgreSQL's "SearchPosting" holds them.

/**
 * A word's listings, ascending, each once, and the score the word earns each; for a word of many (the load's
 * words of at least RankOptions.from), by order the places of its first matches in that order, made at the load.
 */
export type Postings = { numbers: Int32Array; scores: Float32Array; ranked: Map<Sort, Int32Array> };

/** A word's postings while the index is built: typed arrays that double as they fill. */
export class GrowingPostings {
  #numbers = new Int32Array(4);
  #scores = new Float32Array(4);
  #length = 0;
  push(number: number, score: number): void {
    // A listing holds each word once: a word sent twice for it keeps its best score (so the numbers never repeat).
    const last = this.#length - 1;
    if (last >= 0 && this.#numbers[last] === number) {
      if (score > (this.#scores[last] ?? 0)) this.#scores[last] = score;
      return;
    }
    if (this.#length === this.#numbers.length) {
      const numbers = new Int32Array(this.#length * 2);
      numbers.set(this.#numbers);
      this.#numbers = numbers;
      const scores = new Float32Array(this.#length * 2);
      scores.set(this.#scores);
      this.#scores = scores;
    }
    this.#numbers[this.#length] = number;
    this.#scores[this.#length] = score;
    this.#length += 1;
  }
  done(): Postings {
    return { numbers: this.#numbers.slice(0, this.#length), scores: this.#scores.slice(0, this.#length), ranked: new Map() };
  }
  /** The postings so far, not copied (valid until the next push). */
  view(): Postings {
    return { numbers: this.#numbers.subarray(0, this.#length), scores: this.#scores.subarray(0, this.#length), ranked: new Map() };
  }
}

/** The first of sorted `words` at or after `prefix`, and the end of those it begins. */
function prefixRange(words: string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] ?? "") < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < words.length && (words[end] ?? "").startsWith(prefix)) end += 1;
  return [lo, end];
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds listing `n`'s postings, read in place from the strings PostgreSQL sent (no array per listing). */
export function addPostings(growing: Map<string, GrowingPostings>, n: number, { id, words, scores }: IndexedListing): number {
  let added = 0;
  let j = 0;
  for (let start = 0; start < words.length; j += 1) {
    let end = words.indexOf(" ", start);
    if (end === -1) end = words.length;
    if (4 * j + 4 > scores.length) throw new Error(`listing ${id}: its postings have more words than scores`);
    const word = words.slice(start, end);
    start = end + 1;
    let held = growing.get(word);
    if (!held) {
      held = new GrowingPostings();
      growing.set(word, held);
      added += 1;
    }
    // Listings come in number order, so each word's numbers stay ascending.
    held.push(n, scores.readFloatBE(4 * j));
  }
  if (4 * j !== scores.length) throw new Error(`listing ${id}: its postings have more scores than words`);
  return added;
}

export class WordPostings {
  /** Every word, sorted by code unit, so the words a stem begins are one range. */
  words: string[] = [];
  readonly postings = new Map<string, Postings>();
  /** The postings of listings taken in after the load, and their words sorted as `words`. */
  readonly late = new Map<string, GrowingPostings>();
  lateWords: string[] = [];

  /** The load's words are all in: sorted once. */
  sortWords(): void {
    this.words = [...this.postings.keys()].sort(byCodeUnit);
  }

  /** Adds the postings of listing `i`, taken in after the load. */
  addLate(i: number, row: IndexedListing): number {
    return addPostings(this.late, i, row);
  }

  /** Late words were added: sorted again. */
  sortLateWords(): void {
    this.lateWords = [...this.late.keys()].sort(byCodeUnit);
  }

  /** The postings of the words a query word means: those its prefixes begin (never overlapping), and its correction's stem. */
  of(word: MeantLexemes): Postings[] {
    const lists: Postings[] = [];
    for (const prefix of word.prefixes) {
      const [from, to] = prefixRange(this.words, prefix);
      for (let w = from; w < to; w++) {
        const postings = this.postings.get(this.words[w] ?? "");
        if (postings) lists.push(postings);
      }
      if (this.lateWords.length === 0) continue;
      const [lateFrom, lateTo] = prefixRange(this.lateWords, prefix);
      for (let w = lateFrom; w < lateTo; w++) {
        const postings = this.late.get(this.lateWords[w] ?? "");
        if (postings) lists.push(postings.view());
      }
    }
    const exact = word.exact;
    if (exact !== null && !word.prefixes.some((p) => exact.startsWith(p))) {
      const postings = this.postings.get(exact);
      if (postings) lists.push(postings);
      const late = this.late.get(exact);
      if (late) lists.push(late.view());
    }
    return lists;
  }
}
