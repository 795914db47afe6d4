import type { Sort } from "@/lib/domain/search/filters";
import type { MeantLexemes } from "@/lib/domain/search/lexemes";
import type { Postings } from "./postings";

// A search's matches in memory: the listings holding every word of it and their relevance, gathered from the
// words' postings (postings.ts), and kept for the searches asked most lately.

/**
 * The listings holding every word of a search (their numbers) and each one's relevance to the words (`shared`:
 * both are a word's postings themselves, not a copy); once kept and asked for often, by order the places in
 * `numbers` of the first of them in that order (SharedIndex.#ranked), and by the query's words as typed, the
 * places of those whose name says them exactly.
 */
export type Matches = {
  numbers: Int32Array;
  relevance: Float32Array | Float64Array;
  shared: boolean;
  hits: number;
  ranked: Map<Sort, Int32Array>;
  named: Map<string, number[]>;
};

const NONE = new Int32Array(0);
export const NO_MATCHES: Matches = { numbers: NONE, relevance: new Float64Array(0), shared: false, hits: 0, ranked: new Map(), named: new Map() };

/** How many numbers kept matches hold of their own (what KEPT_NUMBERS bounds). */
function keptSize(matches: Matches): number {
  let size = matches.shared ? 0 : matches.numbers.length;
  for (const ranked of matches.ranked.values()) size += ranked.length;
  return size;
}

/** Matches kept for the searches asked most lately, least lately used first, within limits of searches and of numbers (keptSize). */
export class KeptMatches {
  readonly #byKey = new Map<string, Matches>();
  #numbers = 0;
  constructor(private readonly limits: { searches: number; numbers: number }) {}

  /** The matches kept for `key`, now the most lately used. */
  get(key: string): Matches | undefined {
    const kept = this.#byKey.get(key);
    if (kept) {
      this.#byKey.delete(key);
      this.#byKey.set(key, kept);
    }
    return kept;
  }

  add(key: string, matches: Matches): void {
    this.#byKey.set(key, matches);
    this.grew(keptSize(matches));
  }

  /** Kept matches hold `by` more numbers (an order made; fewer when negative): the least lately used go while over the limits. */
  grew(by: number): void {
    this.#numbers += by;
    for (const [oldest, matches] of this.#byKey) {
      if (this.#byKey.size <= this.limits.searches && this.#numbers <= this.limits.numbers) break;
      this.#byKey.delete(oldest);
      this.#numbers -= keptSize(matches);
    }
  }

  /** Forgets every kept search's orders of `sorts`. */
  forgetOrders(sorts: readonly Sort[]): void {
    for (const matches of this.#byKey.values()) {
      for (const sort of sorts) {
        this.#numbers -= matches.ranked.get(sort)?.length ?? 0;
        matches.ranked.delete(sort);
      }
    }
  }

  clear(): void {
    this.#byKey.clear();
    this.#numbers = 0;
  }
}

/** What words mean, not how they were typed: two spellings of one stem share their matches (SharedIndex, its kept matches). */
export function keyOf(words: MeantLexemes[]): string {
  return JSON.stringify(words.map((w) => [w.prefixes, w.exact]));
}

/** Arrays of the index's size a search writes in: relevance sums and bests, stamped marks (ScratchArrays.fresh), and found numbers. */
export type Scratch = { sum: Float64Array; best: Float64Array; held: Uint32Array; found: Int32Array; stamp: number };

/** The scratch arrays of an index's size, made on first use and shared by a search's steps (a search is synchronous). */
export class ScratchArrays {
  #scratch: Scratch | null = null;
  constructor(private readonly size: number) {}

  /** The scratch arrays of the index's size, shared by a search's steps (a search is synchronous). */
  #scratchArrays(): Scratch {
    const size = this.size;
    this.#scratch ??= {
      sum: new Float64Array(size),
      best: new Float64Array(size),
      held: new Uint32Array(size),
      found: new Int32Array(size),
      stamp: 0,
    };
    return this.#scratch;
  }

  /**
   * The scratch arrays, and the first of `n` stamps no mark holds yet: marks are stamped rather than cleared (a
   * common word at a million listings has 100,000 matches), and cleared only when the stamps run out.
   */
  fresh(n: number): { scratch: Scratch; first: number } {
    const scratch = this.#scratchArrays();
    if (scratch.stamp > 0xffffffff - n) {
      scratch.held.fill(0);
      scratch.stamp = 0;
    }
    const first = scratch.stamp + 1;
    scratch.stamp += n;
    return { scratch, first };
  }
}

/**
 * The listings holding every word, and each one's relevance: the sum, in the words' order, of each word's best
 * score among the lexemes it means (PostgreSQL's float8 sum, postgres/sql.ts). One pass over each word's postings
 * finds the listings that hold it and every word before it, and their best score for it; one over those listings
 * adds that best to their sums. The last word's are the matches. When the first word's own matches are kept,
 * they are where the listings holding it and their sums start. When each word means one lexeme (most searches),
 * the matches are its postings themselves for one word, and the intersection of theirs for more.
 */
export function gather(words: MeantLexemes[], lists: Postings[][], scratchArrays: ScratchArrays, kept: (key: string) => Matches | undefined): Matches {
  const single = lists.flatMap((l) => (l.length === 1 ? l : []));
  const [first, ...rest] = single;
  if (first !== undefined && single.length === words.length) return intersection(first, rest, scratchArrays);
  // held[x] = base + k: listing x holds words 0..k. found[0..n): the listings that do, each once.
  const { scratch, first: base } = scratchArrays.fresh(words.length);
  const { held, best, sum, found } = scratch;
  let n = 0;
  const firstKey = words.length > 1 ? keyOf(words.slice(0, 1)) : null;
  const firstWord = firstKey === null ? undefined : kept(firstKey);
  if (firstWord !== undefined) {
    const { numbers, relevance } = firstWord;
    for (let j = 0; j < numbers.length; j++) {
      const x = numbers[j] ?? 0;
      held[x] = base;
      sum[x] = relevance[j] ?? 0;
    }
  }
  words.forEach((word, k) => {
    if (k === 0 && firstWord !== undefined) return;
    const [before, now] = [base + k - 1, base + k];
    n = 0;
    for (const { numbers, scores } of lists[k] ?? []) {
      for (let j = 0; j < numbers.length; j++) {
        const x = numbers[j] ?? 0;
        const h = held[x] ?? 0;
        if (h === now) {
          // Reached again, by another lexeme the word means.
          const score = scores[j] ?? 0;
          if (score > (best[x] ?? 0)) best[x] = score;
        } else if (k === 0 ? h < base : h === before) {
          held[x] = now;
          best[x] = scores[j] ?? 0;
          found[n++] = x;
        }
      }
    }
    for (let t = 0; t < n; t++) {
      const x = found[t] ?? 0;
      sum[x] = k === 0 ? (best[x] ?? 0) : (sum[x] ?? 0) + (best[x] ?? 0);
    }
  });
  const numbers = found.slice(0, n);
  const relevance = new Float64Array(n);
  for (let j = 0; j < n; j++) relevance[j] = sum[numbers[j] ?? 0] ?? 0;
  return { numbers, relevance, shared: false, hits: 0, ranked: new Map(), named: new Map() };
}

/**
 * The listings in every one of `first` and `rest` (the postings of one lexeme per word) and their relevance, each
 * list's score added in the lists' order as gather adds them: `first` itself for one word; for more, one list
 * after another, the shorter of the matches so far and the next list marked and the other read in order for
 * the marks (measured alone, faster than merging two ascending lists, whose every step is a branch hard to foresee).
 */
export function intersection(first: Postings, rest: Postings[], scratchArrays: ScratchArrays): Matches {
  if (rest.length === 0) return { numbers: first.numbers, relevance: first.scores, shared: true, hits: 0, ranked: new Map(first.ranked), named: new Map() };
  let numbers = first.numbers;
  let relevance: Float32Array | Float64Array = first.scores;
  for (const next of rest) {
    const { scratch, first: mark } = scratchArrays.fresh(1);
    const { held, best, found, sum } = scratch;
    // Plain statements in the loops of this file's selections and merges: they run once per match.
    const nextFirst = next.numbers.length < numbers.length;
    const [marked, markedScores] = nextFirst ? [next.numbers, next.scores] : [numbers, relevance];
    const [read, readScores] = nextFirst ? [numbers, relevance] : [next.numbers, next.scores];
    for (let a = 0; a < marked.length; a++) {
      const x = marked[a] ?? 0;
      held[x] = mark;
      best[x] = markedScores[a] ?? 0;
    }
    let n = 0;
    for (let b = 0; b < read.length; b++) {
      const y = read[b] ?? 0;
      if (held[y] !== mark) continue;
      found[n] = y;
      // The sum so far and the next word's score, whichever was marked (one addition: the same either way round).
      sum[n] = (best[y] ?? 0) + (readScores[b] ?? 0);
      n += 1;
    }
    numbers = found.slice(0, n);
    relevance = sum.slice(0, n);
  }
  return { numbers, relevance, shared: false, hits: 0, ranked: new Map(), named: new Map() };
}
