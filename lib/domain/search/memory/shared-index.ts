import type { Audience } from "@/lib/model/catalog/visibility";
import type { SearchFilters, Sort } from "@/lib/domain/search/filters";
import type { MeantLexemes } from "@/lib/domain/search/lexemes";
import type { FacetRow } from "@/lib/domain/search/facet-rows";
import type { ListingCard } from "./listing-cards";
import { conditionsOf } from "./conditions";
import { candidatesOf, facetRowsOf, totalOf } from "./count";
import { Listings, nameHash } from "./listings";
import { gather, intersection, keyOf, KeptMatches, NO_MATCHES, ScratchArrays, type Matches } from "./matches";
import { best, orderOf, placeOrder, rankedOnce } from "./order";
import { placesOf } from "./patch";
import { addPostings, GrowingPostings, WordPostings } from "./postings";
import { sorting, top } from "./select";
import type { IndexedListing, IndexTag, ListingFacts, ListingHealth, PatchOutcome, RankOptions, WrittenPlace } from "./types";

// Search for the shared audiences ("everyone", "adults": lib/model/catalog/visibility.ts, audienceOf), answered from
// memory: facet counts and the order of the matches. In PostgreSQL both touch every matching row (30-45 ms
// for 10,000 of them at 100,000 listings however the rows are stored: docs/benchmarks.md); here each listing is
// a number (its place in row-id order), its facts small integers in typed arrays (listings.ts), and each word of
// the postings the sorted numbers of the listings holding it with the score the word earns each (postings.ts),
// so a search is one pass over its matches (matches.ts, conditions.ts), counted (count.ts) or put in order
// (order.ts).
//
// The index only counts and orders. What it holds is loaded from PostgreSQL (load.ts) through THE visibility
// rule, and it answers exactly what the PostgreSQL engine's statements answer (lib/domain/search/engine.behaviour.ts and
// shared-index.test.ts hold them together): the same matches, each condition and each order written as those
// statements write them.

/**
 * The gathered matches kept (#kept): at most this many searches' words, and this many numbers of their own in
 * all (48 MB with their relevance).
 */
const KEPT_SEARCHES = 256;
const KEPT_NUMBERS = 4_000_000;
/** The words kept whose matches are their postings themselves: only their orders take room (KEPT_NUMBERS too). */
const KEPT_WORDS = 4_096;
const RANK: RankOptions = { best: 500, deepest: 8, from: 20_000 };
/** Times a gathered search is asked for before its best matches are put in order (most words asked twice are not asked again). */
const RANK_AFTER = 2;
/** The orders a common word's matches are put in at the load, and how many of them (times RankOptions.best). */
const LOAD_ORDERS: readonly [Sort, number][] = [
  ["relevance", 4],
  ["newest", 1],
  ["name", 1],
];
/** The orders that read facts a listing's figures change (updateFacts): their kept orders are made again. */
const FACT_ORDERS: readonly Sort[] = ["most_run", "reputation"];
/** How many words' postings are copied between two turns of the event loop. */
const SLICE = 5_000;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class SharedIndex {
  readonly #listings: Listings;
  readonly #words = new WordPostings();
  readonly #scratch: ScratchArrays;
  /** The matches of the searches asked most lately: gathered ones (copies), and words' postings themselves. */
  readonly #kept = new KeptMatches({ searches: KEPT_SEARCHES, numbers: KEPT_NUMBERS });
  readonly #keptWords = new KeptMatches({ searches: KEPT_WORDS, numbers: KEPT_NUMBERS });
  readonly #rank: RankOptions;

  private constructor(size: number, rank: RankOptions) {
    this.#rank = rank;
    this.#listings = new Listings(size);
    this.#scratch = new ScratchArrays(this.#listings.capacity);
  }

  /**
   * Builds the index of `size` listings from those listings in row-id order (each one's number is its place),
   * chunk by chunk, and the tags. Postings grow in typed arrays, outside the garbage collector's heap, and the
   * work yields to the event loop between chunks and slices, so a server loading it goes on answering.
   */
  static async build(
    size: number,
    chunks: AsyncIterable<IndexedListing[]>,
    tags: IndexTag[],
    byName: readonly string[],
    options: { rank?: RankOptions } = {},
  ): Promise<SharedIndex> {
    const index = new SharedIndex(size, options.rank ?? RANK);
    const listings = index.#listings;
    const growing = new Map<string, GrowingPostings>();
    for await (const chunk of chunks) {
      for (const row of chunk) {
        if (listings.used >= size) throw new Error(`the index was sized for ${size} listings and got more`);
        const n = listings.add(row);
        listings.idKey[n] = n;
        addPostings(growing, n, row);
      }
    }
    if (listings.used !== size) throw new Error(`the index was sized for ${size} listings and got ${listings.used}`);
    listings.rankTags(tags);
    byName.forEach((id, place) => {
      const i = listings.numbers.get(id);
      if (i !== undefined) listings.nameRank[i] = place;
    });
    let copied = 0;
    for (const [word, held] of growing) {
      const postings = held.done();
      index.#words.postings.set(word, postings);
      copied += 1;
      if (copied % SLICE === 0) await nextTurn();
      // A common word's first matches in the orders that read no figures, once for the index's life (a patch
      // leaves the load's postings as they are): its first search then tests them at once, as a word asked before
      // does. By relevance, as many as a filter that leaves one match in thirty needs for a page.
      if (postings.numbers.length >= index.#rank.from) {
        const matches = intersection(postings, [], index.#scratch);
        for (const [sort, count] of LOAD_ORDERS) postings.ranked.set(sort, rankedOnce(listings, matches, sort, count * index.#rank.best));
        await nextTurn();
      }
    }
    index.#words.sortWords();
    return index;
  }

  /** Listings held, of every audience. */
  get size(): number {
    return this.#listings.live;
  }

  /**
   * Takes in a write of `agents`: the listings of theirs it holds leave (their numbers seen by nobody), and
   * `rows`, those agents' listings "adults" see now with their postings, come in with new numbers, each placed
   * in PostgreSQL's orders by `places` (one per row) between the places of its neighbours; `tags` are the "Tag"
   * rows now. Changes nothing unless it returns "patched".
   */
  patch(agents: readonly string[], rows: IndexedListing[], tags: IndexTag[], places: WrittenPlace[]): PatchOutcome {
    const listings = this.#listings;
    if (listings.used + rows.length > listings.capacity) return "full";
    const placed = new Set(places.map((p) => p.id));
    if (placed.size !== rows.length || rows.some((r) => !placed.has(r.id))) return "misplaced";
    const keys = placesOf(listings, places);
    if (typeof keys === "string") return keys;

    listings.leave(agents);
    let added = 0;
    for (const row of rows) {
      const i = listings.add(row);
      added += this.#words.addLate(i, row);
      listings.idKey[i] = keys.idKeys.get(row.id) ?? 0;
      listings.nameRank[i] = keys.nameKeys.get(row.id) ?? 0;
    }
    if (added > 0) this.#words.sortLateWords();
    listings.rankTags(tags);
    this.#kept.clear();
    this.#keptWords.clear();
    return "patched";
  }

  /**
   * Withholds the listings of `agents` from every answer (as if nobody could see them) until called again: the
   * agents written since the index's generation, while their patch is read, so a listing hidden by a write is
   * hidden at once.
   */
  withhold(agents: ReadonlySet<string>): void {
    this.#listings.withhold(agents);
  }

  /** The row ids of the listings it has numbered (some may be gone since): whose facts to read again. */
  ids(): IterableIterator<string> {
    return this.#listings.numbers.keys();
  }

  /** Takes in facts read again without a listing write (runs, reputation, test dates); listings not held are skipped. */
  updateFacts(rows: ListingFacts[]): void {
    this.#listings.updateFacts(rows);
    this.#kept.forgetOrders(FACT_ORDERS);
    this.#keptWords.forgetOrders(FACT_ORDERS);
  }

  /** A listing's figures at `now` as PostgreSQL gives them, or undefined when not held or not seen by this audience (Listings.health). */
  health(audience: Audience, id: string, now: Date): ListingHealth | undefined {
    return this.#listings.health(audience, id, now);
  }

  /** What the API's item states of a listing (besides its health), or undefined when not held or not seen by this audience. */
  card(audience: Audience, id: string): ListingCard | undefined {
    return this.#listings.card(audience, id);
  }

  /** How many listings match a search by this audience at `now` (count's "total" row, without the facets). */
  total(audience: Audience, f: SearchFilters, words: MeantLexemes[] | null, now: Date): number {
    const test = conditionsOf(this.#listings, audience, f, now);
    return totalOf(this.#listings, this.#matches(words), test);
  }

  /**
   * The facet rows of a search by this audience at `now`: `words` null for no query, [] for a query of words that
   * mean nothing (no match). The same rows PostgreSQL's statement gives with no sampling.
   */
  count(audience: Audience, f: SearchFilters, words: MeantLexemes[] | null, now: Date): FacetRow[] {
    const test = conditionsOf(this.#listings, audience, f, now);
    return facetRowsOf(this.#listings, this.#matches(words), test, now);
  }

  /**
   * The listings holding every word, with their relevance; null for no words (every listing). Kept for the
   * words asked most lately (the postings never change in an index): a search page asks for the same words' counts
   * and page, and people's searches share their common words, whose matches cost the most to gather.
   */
  #matches(words: MeantLexemes[] | null): Matches | null {
    if (words === null) return null;
    if (words.length === 0) return NO_MATCHES;
    const key = keyOf(words);
    const kept = this.#kept.get(key) ?? this.#keptWords.get(key);
    if (kept) {
      kept.hits += 1;
      return kept;
    }
    const lists = words.map((word) => this.#words.of(word));
    const matches = gather(words, lists, this.#scratch, (first) => this.#kept.get(first) ?? this.#keptWords.get(first));
    this.#keptOf(matches).add(key, matches);
    return matches;
  }

  /**
   * The row ids of one page of a search's results, best first: `limit` after `offset`, in the PostgreSQL engine's order for
   * `sort` (`words` and `nameWords` as for `count`; `nameWords` is the query's words as the exact-name rule
   * compares them). Relevance: a name that says exactly the query first, then the sum of the words' scores
   * (each word's best posting among the words it means, added in the words' order as float8), newest first,
   * then by row id descending; with no words, as "newest".
   */
  page(
    audience: Audience,
    f: SearchFilters,
    search: { words: MeantLexemes[] | null; nameWords: string | null; sort: Sort; limit: number; offset: number; now: Date },
  ): string[] {
    const { words, sort, limit, offset, now } = search;
    const test = conditionsOf(this.#listings, audience, f, now);
    const wanted = offset + limit;
    const matches = this.#matches(words);
    const ids = (numbers: number[]) => numbers.slice(offset, wanted).map((i) => this.#listings.ids[i] ?? "");
    if (matches === null || matches.numbers.length === 0) {
      // No words (every listing), or no match.
      const results: number[] = [];
      const { count, at } = candidatesOf(this.#listings, matches);
      for (let j = 0; j < count; j++) {
        const i = at(j);
        if (test(i) === 0) results.push(i);
      }
      return ids(top(results, wanted, orderOf(this.#listings, sort)));
    }
    // In places of the matches (relevance is read where it lies). By relevance, the results whose name says exactly
    // the query (rarely any) come first.
    const { numbers } = matches;
    const at = (places: number[]) => ids(places.map((j) => numbers[j] ?? 0));
    const exactly = sort === "relevance" ? search.nameWords : null;
    const exact = exactly === null ? [] : this.#namedPlaces(matches, exactly).filter((j) => test(numbers[j] ?? 0) === 0);
    // A search of many matches asked for often (or whose matches cost nothing to gather): its first matches in the
    // order, tested until the page is full; four times as many when the filters leave too few of them, and all
    // its matches tested once that would be too many to put in order.
    if (numbers.length >= this.#rank.from && (matches.shared || matches.hits >= RANK_AFTER)) {
      const first = exact.toSorted(sorting(placeOrder(this.#listings, matches, sort, [])));
      const { best, deepest } = this.#rank;
      for (let depth = best; depth === best || depth * deepest < numbers.length; depth *= 4) {
        const ranked = this.#ranked(matches, sort, depth);
        const results = [...first];
        for (let r = 0; r < ranked.length && results.length < wanted; r++) {
          const j = ranked[r] ?? 0;
          if (test(numbers[j] ?? 0) === 0 && (exact.length === 0 || !exact.includes(j))) results.push(j);
        }
        if (results.length >= wanted || ranked.length === numbers.length) return at(results);
      }
    }
    const results: number[] = [];
    for (let j = 0; j < numbers.length; j++) if (test(numbers[j] ?? 0) === 0) results.push(j);
    return at(best(this.#listings, matches, results, wanted, sort, exact));
  }

  /**
   * The places in a kept search's matches of those whose name says exactly `nameWords` (told by each name's hash, the
   * strings compared only when it is equal), looked up once per spelling.
   */
  #namedPlaces(matches: Matches, nameWords: string): number[] {
    const kept = matches.named.get(nameWords);
    if (kept !== undefined) return kept;
    const places: number[] = [];
    const [numbers, hash, hashOf, nameWordsOf] = [matches.numbers, nameHash(nameWords), this.#listings.nameHash, this.#listings.nameWords];
    for (let j = 0; j < numbers.length; j++) {
      const i = numbers[j] ?? 0;
      if (hashOf[i] === hash && nameWordsOf[i] === nameWords) places.push(j);
    }
    // A few spellings mean the same words; more than that is not a person typing.
    if (matches.named.size >= 16) matches.named.clear();
    matches.named.set(nameWords, places);
    return places;
  }

  /** Where kept matches are kept: a word's postings themselves apart, as only their orders take room. */
  #keptOf(matches: Matches): KeptMatches {
    return matches.shared ? this.#keptWords : this.#kept;
  }

  /**
   * The places of a kept search's first `count` matches (or all of them, when fewer) in `sort`'s order (by relevance,
   * a name that says the query aside), made once and kept with its matches.
   */
  #ranked(matches: Matches, sort: Sort, count: number): Int32Array {
    const held = matches.ranked.get(sort);
    if (held !== undefined && (held.length >= count || held.length === matches.numbers.length)) return held;
    const ranked = rankedOnce(this.#listings, matches, sort, count);
    matches.ranked.set(sort, ranked);
    this.#keptOf(matches).grew(ranked.length - (held?.length ?? 0));
    return ranked;
  }
}
