import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/listings/reputation";
import { sampleTestFreshSince } from "@/lib/sample-tests/sample-tested";
import type { Audience } from "@/lib/catalog/visibility";
import type { SearchFilters, Sort } from "./filters";
import type { MeantLexemes } from "./postings";
import type { CapabilityClass } from "@/lib/agent-file/types";
import { Dictionary } from "./dictionary";
import { ListColumn } from "./list-column";
import { ListingCards, type CardTexts, type ListingCard } from "./listing-cards";

// Search for the shared audiences ("everyone", "adults": lib/catalog/visibility.ts, audienceOf), answered from
// memory: facet counts and the order of the matches. In PostgreSQL both touch every matching row (30-45 ms
// for 10,000 of them at 100,000 listings however the rows are stored: docs/benchmarks.md); here each listing is
// a number (its place in row-id order), its facts small integers in typed arrays, and each word of the postings
// the sorted numbers of the listings holding it with the score the word earns each, so a search is one pass
// over its matches.
//
// The index only counts and orders. What it holds is loaded from PostgreSQL (shared-index-live.ts) through THE
// visibility rule, and it answers exactly what search.ts's statements answer (shared-index.test.ts holds them
// together): the same matches, each condition and each order written as those statements write them.
// Time-bound conditions ("sample-tested" for 7 days, "unreachable" for 3) are decided at the moment asked.

/** One facet value's count, as search.ts's statement returns it (facet "total": value null). */
export type FacetRow = { facet: string; value: string | null; label: string | null; n: number };

/** One listing's facts that change without a listing write: its latest sample test, its pass, its 30-day figures. */
export type ListingFacts = {
  id: string;
  hasExample: boolean;
  lastTestPassed: boolean;
  /** Epoch ms, or null. */
  lastTestAt: number | null;
  lastPassAt: number | null;
  endpointPending: boolean;
  reputation: number | null;
  runs: number;
};

/** A listing's figures of the moment, as the API shows them. */
export type ListingHealth = { reputation: number | null; runs: number; unreachable: boolean; sampleTested: boolean };

/** One listing as loaded: visible to "adults" (always, or it is not loaded) and perhaps to "everyone". */
export type ListingRow = ListingFacts & CardTexts & {
  agentId: string;
  everyone: boolean;
  isPaid: boolean;
  hasFree: boolean;
  languages: string[];
  regions: string[];
  inputsRetained: boolean | null;
  usedForTraining: boolean | null;
  tagSlugs: string[] | null;
  /** The name as queryWords splits it, lowercased: a query that says exactly this ranks it first. */
  nameWords: string;
  /** Epoch ms. */
  createdAt: number;
  position: number;
};

/**
 * A listing as loaded, with its postings as PostgreSQL sends them: the words it holds, separated by spaces, and
 * the score each earns it, in the same order, as 4 bytes each (a REAL, big-endian: float4send).
 */
export type IndexedListing = ListingRow & { words: string; scores: Buffer };

/** A tag as PostgreSQL sorts them (by slug): ties of a tag count break in this order. */
export type IndexTag = { slug: string; label: string };

/** A listing's neighbour in PostgreSQL's order by name: its id and its `nameWords` there. */
export type NameNeighbour = { id: string; nameWords: string };

/**
 * Where a written listing goes in PostgreSQL's orders (by row id, by name): between its neighbours there among
 * the listings of every other agent (null: none on that side), and among the listings written with it
 * (`idOrder`, `nameOrder`: 1, 2, …).
 */
export type WrittenPlace = {
  id: string;
  idOrder: number;
  nameOrder: number;
  idAfter: string | null;
  idBefore: string | null;
  nameAfter: NameNeighbour | null;
  nameBefore: NameNeighbour | null;
};

/**
 * What a patch did: "patched"; "full" (no room, or no number left between two places: load the index again);
 * "misplaced" (a neighbour the index does not hold as PostgreSQL does: a write it has not heard of yet, so try
 * again once it has).
 */
export type PatchOutcome = "patched" | "full" | "misplaced";

const TAG_LIMIT = 24;
/**
 * The gathered matches kept (#matches): at most this many searches' words, and this many numbers of their own in
 * all (48 MB with their relevance).
 */
const KEPT_SEARCHES = 256;
const KEPT_NUMBERS = 4_000_000;
/** The words kept whose matches are their postings themselves: only their orders take room (KEPT_NUMBERS too). */
const KEPT_WORDS = 4_096;
/**
 * When a search's pages come from its first matches in order (SharedIndex.#ranked): `best`, how many are first put
 * in order (a page of a common word's results is then found by testing those until the page is full, not every
 * match: ~100,000 at a million listings), four times as many when the filters leave too few of them, but only
 * while that is less than one in `deepest` of its matches (beyond, testing them all costs less); and the fewest
 * matches, `from`, a search has for it (with fewer, testing every match costs less than putting the best in order:
 * measured at 100,000 listings, where a common word has ~10,000). Smaller in tests, so small searches take that way.
 */
export type RankOptions = { best: number; deepest: number; from: number };
const RANK: RankOptions = { best: 500, deepest: 8, from: 20_000 };
/** Times a gathered search is asked for before its best matches are put in order (most words asked twice are not asked again). */
const RANK_AFTER = 2;
/** The orders a common word's matches are put in at the load, and how many of them (times RankOptions.best). */
const LOAD_ORDERS: readonly [Sort, number][] = [["relevance", 4], ["newest", 1], ["name", 1]];
/** The orders that read facts a listing's figures change (updateFacts): their kept orders are made again. */
const FACT_ORDERS: readonly Sort[] = ["most_run", "reputation"];
const NOT_A_TIME = Number.NaN;
// inputsRetained / usedForTraining: three states, as the columns are nullable and only `= false` counts.
const NO = 0;
const YES = 1;
const UNSTATED = 2;
// The single-choice filters a listing fails, as bits: it counts for a facet only when no other one fails.
const CATEGORY = 1;
const CLASS = 2;
const PRICE = 4;
const LANGUAGE = 8;
const REGION = 16;
const EXCLUDED = -1;
// Who sees a listing (#seenBy): a listing replaced or removed since the load keeps its number, seen by nobody.
const NOBODY = 0;
const ADULTS = 1;
const EVERYONE = 2;
const NONE = new Int32Array(0);
const NO_MATCHES: Matches = { numbers: NONE, relevance: new Float64Array(0), shared: false, hits: 0, ranked: new Map(), named: new Map() };
/** How many words' postings are copied between two turns of the event loop. */
const SLICE = 5_000;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The least #seenBy a listing this audience may see has. */
function seenByAtLeast(audience: Audience): number {
  return audience === "everyone" ? EVERYONE : ADULTS;
}

function tristate(value: boolean | null): number {
  return value === null ? UNSTATED : value ? YES : NO;
}

/**
 * A word's listings, ascending, each once, and the score the word earns each; for a word of many (the load's
 * words of at least RankOptions.from), by order the places of its first matches in that order, made at the load.
 */
type Postings = { numbers: Int32Array; scores: Float32Array; ranked: Map<Sort, Int32Array> };

/**
 * The listings holding every word of a search (their numbers) and each one's relevance to the words (`shared`:
 * both are a word's postings themselves, not a copy); once kept and asked for often, by order the places in
 * `numbers` of the first of them in that order (SharedIndex.#ranked), and by the query's words as typed, the
 * places of those whose name says them exactly.
 */
type Matches = {
  numbers: Int32Array;
  relevance: Float32Array | Float64Array;
  shared: boolean;
  hits: number;
  ranked: Map<Sort, Int32Array>;
  named: Map<string, number[]>;
};

/** How many numbers kept matches hold of their own (what KEPT_NUMBERS bounds). */
function keptSize(matches: Matches): number {
  let size = matches.shared ? 0 : matches.numbers.length;
  for (const ranked of matches.ranked.values()) size += ranked.length;
  return size;
}

/** Matches kept for the searches asked most lately, least lately used first, within limits of searches and of numbers (keptSize). */
class KeptMatches {
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


/** Arrays of the index's size a search writes in: relevance sums and bests, stamped marks (SharedIndex.#fresh), and found numbers. */
type Scratch = { sum: Float64Array; best: Float64Array; held: Uint32Array; found: Int32Array; stamp: number };

/** A word's postings while the index is built: typed arrays that double as they fill. */
class GrowingPostings {
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

/** A 32-bit hash (FNV-1a over UTF-16 code units), so most listings' names are told apart from the query's without reading their strings. */
function nameHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash | 0;
}

/** What words mean, not how they were typed: two spellings of one stem share their matches (SharedIndex.#kept). */
function keyOf(words: MeantLexemes[]): string {
  return JSON.stringify(words.map((w) => [w.prefixes, w.exact]));
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds listing `n`'s postings, read in place from the strings PostgreSQL sent (no array per listing). */
function addPostings(growing: Map<string, GrowingPostings>, n: number, { id, words, scores }: IndexedListing): number {
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

export class SharedIndex {
  /** Numbers the arrays have room for: the load's listings and those taken in after it (patch). */
  readonly #capacity: number;
  /**
   * Numbers given so far: the load's listings in row-id order, then those patched in after it. A listing replaced
   * or removed keeps its number, seen by nobody.
   */
  #used: number;
  #live: number;
  readonly #ids: string[];
  readonly #numbers = new Map<string, number>();
  readonly #seenBy: Uint8Array;
  readonly #agent: Int32Array;
  readonly #agents = new Dictionary();
  readonly #category: Int32Array;
  readonly #class: Int32Array;
  /** Bits: 1 paid, 2 has a free plan, 4 has an example, 8 latest test passed, 16 endpoint pending. */
  readonly #flags: Uint8Array;
  readonly #inputsRetained: Uint8Array;
  readonly #usedForTraining: Uint8Array;
  readonly #lastTestAt: Float64Array;
  readonly #lastPassAt: Float64Array;
  readonly #reputation: Float64Array;
  readonly #runs: Int32Array;
  readonly #createdAt: Float64Array;
  readonly #position: Int32Array;
  readonly #nameWords: string[];
  /** nameHash of each listing's #nameWords. */
  readonly #nameHash: Int32Array;
  /**
   * Each listing's place in PostgreSQL's orders by row id and by name (its collation decides them, so they are
   * read, not computed): the number and the place read at the load, and between two of those for a later listing.
   */
  readonly #idKey: Float64Array;
  readonly #cards: ListingCards;
  readonly #nameRank: Float64Array;
  readonly #languages: ListColumn;
  readonly #regions: ListColumn;
  readonly #tags: ListColumn;
  readonly #categories = new Dictionary();
  readonly #classes = new Dictionary<CapabilityClass>();
  readonly #languageNames = new Dictionary();
  readonly #regionNames = new Dictionary();
  readonly #tagSlugs = new Dictionary();
  /** Per tag id: its place in PostgreSQL's slug order (ties of a count break by it), or -1 with no "Tag" row. */
  #tagRank = new Int32Array(0);
  #tagLabel: (string | null)[] = [];
  /** Every word, sorted by code unit, so the words a stem begins are one range. */
  #words: string[] = [];
  readonly #postings = new Map<string, Postings>();
  /** The postings of listings taken in after the load, and their words sorted as #words. */
  readonly #late = new Map<string, GrowingPostings>();
  #lateWords: string[] = [];
  #scratch: Scratch | null = null;
  /** The matches of the searches asked most lately: gathered ones (copies), and words' postings themselves. */
  readonly #kept = new KeptMatches({ searches: KEPT_SEARCHES, numbers: KEPT_NUMBERS });
  readonly #keptWords = new KeptMatches({ searches: KEPT_WORDS, numbers: KEPT_NUMBERS });
  readonly #rank: RankOptions;
  /** Per agent id: 1 while its listings are withheld from every answer (withhold), or null for none. */
  #withheld: Uint8Array | null = null;

  private constructor(size: number, rank: RankOptions) {
    this.#rank = rank;
    this.#used = 0;
    this.#live = 0;
    // Room for a twentieth more listings written after the load before it is loaded again.
    const n = size + Math.max(1_000, Math.ceil(size / 20));
    this.#capacity = n;
    this.#ids = new Array<string>(n);
    this.#seenBy = new Uint8Array(n);
    this.#agent = new Int32Array(n);
    this.#category = new Int32Array(n);
    this.#class = new Int32Array(n);
    this.#flags = new Uint8Array(n);
    this.#inputsRetained = new Uint8Array(n);
    this.#usedForTraining = new Uint8Array(n);
    this.#lastTestAt = new Float64Array(n);
    this.#lastPassAt = new Float64Array(n);
    this.#reputation = new Float64Array(n);
    this.#runs = new Int32Array(n);
    this.#createdAt = new Float64Array(n);
    this.#position = new Int32Array(n);
    this.#nameWords = new Array<string>(n);
    this.#nameHash = new Int32Array(n);
    this.#idKey = new Float64Array(n);
    this.#nameRank = new Float64Array(n).fill(n);
    this.#cards = new ListingCards(n);
    this.#languages = new ListColumn(n);
    this.#regions = new ListColumn(n);
    this.#tags = new ListColumn(n);
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
    const growing = new Map<string, GrowingPostings>();
    for await (const chunk of chunks) {
      for (const row of chunk) {
        if (index.#used >= size) throw new Error(`the index was sized for ${size} listings and got more`);
        const n = index.#add(row);
        index.#idKey[n] = n;
        addPostings(growing, n, row);
      }
    }
    if (index.#used !== size) throw new Error(`the index was sized for ${size} listings and got ${index.#used}`);
    index.#rankTags(tags);
    byName.forEach((id, place) => {
      const i = index.#numbers.get(id);
      if (i !== undefined) index.#nameRank[i] = place;
    });
    let copied = 0;
    for (const [word, held] of growing) {
      const postings = held.done();
      index.#postings.set(word, postings);
      copied += 1;
      if (copied % SLICE === 0) await nextTurn();
      // A common word's first matches in the orders that read no figures, once for the index's life (a patch
      // leaves the load's postings as they are): its first search then tests them at once, as a word asked before
      // does. By relevance, as many as a filter that leaves one match in thirty needs for a page.
      if (postings.numbers.length >= index.#rank.from) {
        const matches = index.#intersection(postings, []);
        for (const [sort, count] of LOAD_ORDERS) postings.ranked.set(sort, index.#rankedOnce(matches, sort, count * index.#rank.best));
        await nextTurn();
      }
    }
    index.#words = [...index.#postings.keys()].sort(byCodeUnit);
    return index;
  }

  /** Listings held, of every audience. */
  get size(): number {
    return this.#live;
  }

  /** The row ids of the listings it has numbered (some may be gone since): whose facts to read again. */
  ids(): IterableIterator<string> {
    return this.#numbers.keys();
  }

  #rankTags(tags: IndexTag[]): void {
    const rank = new Map(tags.map((t, i) => [t.slug, i]));
    const label = new Map(tags.map((t) => [t.slug, t.label]));
    this.#tagRank = Int32Array.from(this.#tagSlugs.values, (slug) => rank.get(slug) ?? -1);
    this.#tagLabel = this.#tagSlugs.values.map((slug) => label.get(slug) ?? null);
  }

  /** Gives `row` the next number; its places in the orders are set by the caller. */
  #add(row: ListingRow): number {
    const i = this.#used;
    this.#used += 1;
    this.#live += 1;
    this.#ids[i] = row.id;
    this.#numbers.set(row.id, i);
    this.#seenBy[i] = row.everyone ? EVERYONE : ADULTS;
    this.#agent[i] = this.#agents.id(row.agentId);
    // The facet is the category's first segment (PostgreSQL's split_part(category, '.', 1)).
    this.#category[i] = this.#categories.id(row.category.split(".", 1)[0] ?? "");
    this.#class[i] = this.#classes.id(row.class);
    this.#inputsRetained[i] = tristate(row.inputsRetained);
    this.#usedForTraining[i] = tristate(row.usedForTraining);
    this.#createdAt[i] = row.createdAt;
    this.#position[i] = row.position;
    this.#nameWords[i] = row.nameWords;
    this.#nameHash[i] = nameHash(row.nameWords);
    this.#languages.add(i, row.languages.map((v) => this.#languageNames.id(v)));
    this.#regions.add(i, row.regions.map((v) => this.#regionNames.id(v)));
    this.#tags.add(i, (row.tagSlugs ?? []).map((v) => this.#tagSlugs.id(v)));
    this.#flags[i] = (row.isPaid ? 1 : 0) | (row.hasFree ? 2 : 0);
    this.#cards.set(i, this.#agent[i] ?? 0, row);
    this.#setFacts(i, row);
    return i;
  }

  /**
   * Takes in a write of `agents`: the listings of theirs it holds leave (their numbers seen by nobody), and
   * `rows`, those agents' listings "adults" see now with their postings, come in with new numbers, each placed
   * in PostgreSQL's orders by `places` (one per row) between the places of its neighbours; `tags` are the "Tag"
   * rows now. Changes nothing unless it returns "patched".
   */
  patch(agents: readonly string[], rows: IndexedListing[], tags: IndexTag[], places: WrittenPlace[]): PatchOutcome {
    if (this.#used + rows.length > this.#capacity) return "full";
    const placed = new Set(places.map((p) => p.id));
    if (placed.size !== rows.length || rows.some((r) => !placed.has(r.id))) return "misplaced";
    const idKeys = this.#between(this.#idKey, places, (p) => [p.idAfter, p.idBefore], (p) => p.idOrder);
    const nameKeys = this.#between(this.#nameRank, places, (p) => [this.#heldAs(p.nameAfter), this.#heldAs(p.nameBefore)], (p) => p.nameOrder);
    if (typeof idKeys === "string") return idKeys;
    if (typeof nameKeys === "string") return nameKeys;

    // The agents' listings leave: one pass over every number (a million in ~2 ms), marks in a typed array.
    const written = new Uint8Array(this.#agents.values.length);
    for (const a of agents) {
      const id = this.#agents.find(a);
      if (id !== undefined) written[id] = 1;
    }
    const [seenBy, agentOf] = [this.#seenBy, this.#agent];
    for (let i = 0; i < this.#used; i++) {
      if (seenBy[i] !== NOBODY && written[agentOf[i] ?? 0] === 1) {
        seenBy[i] = NOBODY;
        this.#numbers.delete(this.#ids[i] ?? "");
        this.#live -= 1;
      }
    }
    let added = 0;
    for (const row of rows) {
      const i = this.#add(row);
      added += addPostings(this.#late, i, row);
      this.#idKey[i] = idKeys.get(row.id) ?? 0;
      this.#nameRank[i] = nameKeys.get(row.id) ?? 0;
    }
    if (added > 0) this.#lateWords = [...this.#late.keys()].sort(byCodeUnit);
    this.#rankTags(tags);
    this.#kept.clear();
    this.#keptWords.clear();
    return "patched";
  }

  /**
   * Withholds the listings of `agents` from every answer (as if nobody could see them) until called again: the
   * agents written since the index's generation, while their patch is read, so a listing hidden by a write is
   * hidden at once. Those it holds no listing of (an agent's first publish) are not in any answer anyway.
   */
  withhold(agents: ReadonlySet<string>): void {
    let withheld: Uint8Array | null = null;
    for (const agent of agents) {
      const id = this.#agents.find(agent);
      if (id === undefined) continue;
      withheld ??= new Uint8Array(this.#agents.values.length);
      withheld[id] = 1;
    }
    this.#withheld = withheld;
  }

  /** The id of a name neighbour, if the index holds it under the same name ("" when it does not: misplaced). */
  #heldAs(neighbour: NameNeighbour | null): string | null {
    if (neighbour === null) return null;
    const i = this.#numbers.get(neighbour.id);
    return i !== undefined && this.#nameWords[i] === neighbour.nameWords ? neighbour.id : "";
  }

  /**
   * Keys in one order for written listings: those between the same two neighbours (ids; null: no neighbour on
   * that side) share the gap between their keys in `keys`, in their own order.
   */
  #between(
    keys: Float64Array,
    places: WrittenPlace[],
    neighbours: (p: WrittenPlace) => [string | null, string | null],
    order: (p: WrittenPlace) => number,
  ): Map<string, number> | "full" | "misplaced" {
    const gaps = new Map<string, { lo: number; hi: number; in: WrittenPlace[] }>();
    for (const p of places) {
      const [after, before] = neighbours(p);
      const a = after === null ? null : this.#numbers.get(after);
      const b = before === null ? null : this.#numbers.get(before);
      if (a === undefined || b === undefined) return "misplaced";
      const lo = a === null ? (b === null ? 0 : (keys[b] ?? 0) - 1) : (keys[a] ?? 0);
      const hi = b === null ? lo + 1 : (keys[b] ?? 0);
      if (!(lo < hi)) return "misplaced";
      const key = `${after}\n${before}`;
      const gap = gaps.get(key) ?? { lo, hi, in: [] };
      gap.in.push(p);
      gaps.set(key, gap);
    }
    const out = new Map<string, number>();
    for (const { lo, hi, in: within } of gaps.values()) {
      within.sort((x, y) => order(x) - order(y));
      let last = lo;
      for (const [k, p] of within.entries()) {
        const key = lo + ((k + 1) * (hi - lo)) / (within.length + 1);
        // Doubles between two places run out after ~50 halvings at one spot.
        if (!(key > last && key < hi)) return "full";
        out.set(p.id, key);
        last = key;
      }
    }
    return out;
  }

  #setFacts(i: number, facts: ListingFacts): void {
    this.#flags[i] = ((this.#flags[i] ?? 0) & 3) | (facts.hasExample ? 4 : 0) | (facts.lastTestPassed ? 8 : 0) | (facts.endpointPending ? 16 : 0);
    this.#lastTestAt[i] = facts.lastTestAt ?? NOT_A_TIME;
    this.#lastPassAt[i] = facts.lastPassAt ?? NOT_A_TIME;
    this.#reputation[i] = facts.reputation ?? Number.NaN;
    this.#runs[i] = facts.runs;
  }

  /** Takes in facts read again without a listing write (runs, reputation, test dates); listings not held are skipped. */
  updateFacts(rows: ListingFacts[]): void {
    for (const row of rows) {
      const i = this.#numbers.get(row.id);
      if (i !== undefined) this.#setFacts(i, row);
    }
    this.#kept.forgetOrders(FACT_ORDERS);
    this.#keptWords.forgetOrders(FACT_ORDERS);
  }

  /** The postings of the words a query word means: those its prefixes begin (never overlapping), and its correction's stem. */
  #wordPostings(word: MeantLexemes): Postings[] {
    const lists: Postings[] = [];
    for (const prefix of word.prefixes) {
      const [from, to] = prefixRange(this.#words, prefix);
      for (let w = from; w < to; w++) {
        const postings = this.#postings.get(this.#words[w] ?? "");
        if (postings) lists.push(postings);
      }
      if (this.#lateWords.length === 0) continue;
      const [lateFrom, lateTo] = prefixRange(this.#lateWords, prefix);
      for (let w = lateFrom; w < lateTo; w++) {
        const postings = this.#late.get(this.#lateWords[w] ?? "");
        if (postings) lists.push(postings.view());
      }
    }
    const exact = word.exact;
    if (exact !== null && !word.prefixes.some((p) => exact.startsWith(p))) {
      const postings = this.#postings.get(exact);
      if (postings) lists.push(postings);
      const late = this.#late.get(exact);
      if (late) lists.push(late.view());
    }
    return lists;
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
    const matches = this.#gather(words);
    this.#keptOf(matches).add(key, matches);
    return matches;
  }

  /**
   * The listings holding every word, and each one's relevance: the sum, in the words' order, of each word's best
   * score among the lexemes it means (PostgreSQL's float8 sum, search.ts). One pass over each word's postings
   * finds the listings that hold it and every word before it, and their best score for it; one over those listings
   * adds that best to their sums. The last word's are the matches. When the first word's own matches are kept,
   * they are where the listings holding it and their sums start. When each word means one lexeme (most searches),
   * the matches are its postings themselves for one word, and the intersection of theirs for more.
   */
  #gather(words: MeantLexemes[]): Matches {
    const lists = words.map((word) => this.#wordPostings(word));
    const single = lists.flatMap((l) => (l.length === 1 ? l : []));
    const [first, ...rest] = single;
    if (first !== undefined && single.length === words.length) return this.#intersection(first, rest);
    // held[x] = base + k: listing x holds words 0..k. found[0..n): the listings that do, each once.
    const { scratch, first: base } = this.#fresh(words.length);
    const { held, best, sum, found } = scratch;
    let n = 0;
    const firstKey = words.length > 1 ? keyOf(words.slice(0, 1)) : null;
    const firstWord = firstKey === null ? undefined : (this.#kept.get(firstKey) ?? this.#keptWords.get(firstKey));
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
   * list's score added in the lists' order as #gather adds them: `first` itself for one word; for more, one list
   * after another, the shorter of the matches so far and the next list marked and the other read in order for
   * the marks (measured alone, faster than merging two ascending lists, whose every step is a branch hard to foresee).
   */
  #intersection(first: Postings, rest: Postings[]): Matches {
    if (rest.length === 0) return { numbers: first.numbers, relevance: first.scores, shared: true, hits: 0, ranked: new Map(first.ranked), named: new Map() };
    let numbers = first.numbers;
    let relevance: Float32Array | Float64Array = first.scores;
    for (const next of rest) {
      const { scratch, first: mark } = this.#fresh(1);
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

  /**
   * The test of a search's conditions for one listing: EXCLUDED by the audience or a condition that is not a
   * single-choice filter, else the bits of the single-choice filters it fails (0: it is a result).
   */
  #conditions(audience: Audience, f: SearchFilters, now: Date): (i: number) => number {
    const least = seenByAtLeast(audience);
    const only = f.matchingIds ? this.#markOf(f.matchingIds) : null;
    const wantedTags = f.tags.map((slug) => this.#tagSlugs.find(slug) ?? -1);
    const fresh = sampleTestFreshSince(now).getTime();
    const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS).getTime();
    const notRetained = f.dataRules.includes("inputs_not_retained");
    const noTraining = f.dataRules.includes("no_training");
    const category = f.category === null ? null : (this.#categories.find(f.category) ?? -1);
    const klass = f.class === null ? null : (this.#classes.find(f.class) ?? -1);
    const language = f.language === null ? null : (this.#languageNames.find(f.language) ?? -1);
    const region = f.region === null ? null : (this.#regionNames.find(f.region) ?? -1);
    const { sampleTested, minReputation, includeUnreachable, price } = f;
    // Locals, not fields: this runs once per match (#unseen, shared with health(), measured no slower: bebabf8).
    const [tags, flagsOf, retainedOf, trainingOf, reputationOf] = [this.#tags, this.#flags, this.#inputsRetained, this.#usedForTraining, this.#reputation];
    const [categoryOf, classOf, languages, regions] = [this.#category, this.#class, this.#languages, this.#regions];
    return (i) => {
      if (this.#unseen(i, least)) return EXCLUDED;
      if (only && only[i] === 0) return EXCLUDED;
      for (const t of wantedTags) if (!tags.has(i, t)) return EXCLUDED;
      const flags = flagsOf[i] ?? 0;
      if (sampleTested && !this.#tested(i, fresh)) return EXCLUDED;
      if (notRetained && retainedOf[i] !== NO) return EXCLUDED;
      if (noTraining && trainingOf[i] !== NO) return EXCLUDED;
      if (minReputation !== null && !((reputationOf[i] ?? Number.NaN) >= minReputation)) return EXCLUDED;
      if (!includeUnreachable && this.#unreachable(i, recent)) return EXCLUDED;
      let failed = 0;
      if (category !== null && categoryOf[i] !== category) failed |= CATEGORY;
      if (klass !== null && classOf[i] !== klass) failed |= CLASS;
      if (price !== null) {
        const ok = price === "free_to_try" ? (flags & 2) !== 0 : price === "paid" ? (flags & 1) !== 0 : (flags & 1) === 0;
        if (!ok) failed |= PRICE;
      }
      if (language !== null && !languages.has(i, language)) failed |= LANGUAGE;
      if (region !== null && !regions.has(i, region)) failed |= REGION;
      return failed;
    };
  }

  /** Whether an audience whose least #seenBy is `least` may not see listing `i` now (withheld ones: nobody). */
  #unseen(i: number, least: number): boolean {
    const withheld = this.#withheld;
    return (this.#seenBy[i] ?? NOBODY) < least || (withheld !== null && withheld[this.#agent[i] ?? 0] === 1);
  }

  /** "Unreachable" at the moment whose 3-day line is `recent` (reputation.ts, unreachableSql). */
  #unreachable(i: number, recent: number): boolean {
    const lastTestAt = this.#lastTestAt[i] ?? NOT_A_TIME;
    const lastPassAt = this.#lastPassAt[i] ?? NOT_A_TIME;
    const failing = lastTestAt > recent && (Number.isNaN(lastPassAt) || lastPassAt <= recent);
    return ((this.#flags[i] ?? 0) & 16) !== 0 || failing;
  }

  /**
   * A listing's figures at `now` as PostgreSQL gives them (the API's reputation, runs, "unreachable" and
   * "sample-tested"), or undefined when the index does not hold it or this audience may not see it.
   */
  health(audience: Audience, id: string, now: Date): ListingHealth | undefined {
    const i = this.#numbers.get(id);
    if (i === undefined || this.#unseen(i, seenByAtLeast(audience))) return undefined;
    const reputation = this.#reputation[i] ?? Number.NaN;
    return {
      reputation: Number.isNaN(reputation) ? null : reputation,
      runs: this.#runs[i] ?? 0,
      unreachable: this.#unreachable(i, daysBefore(now, UNREACHABLE_WINDOW_DAYS).getTime()),
      sampleTested: this.#tested(i, sampleTestFreshSince(now).getTime()),
    };
  }

  /** What the API's item states of a listing (besides its health), or undefined when the index does not hold it or this audience may not see it. */
  card(audience: Audience, id: string): ListingCard | undefined {
    const i = this.#numbers.get(id);
    if (i === undefined || this.#unseen(i, seenByAtLeast(audience))) return undefined;
    const flags = this.#flags[i] ?? 0;
    const tags: string[] = [];
    for (const t of this.#tags.of(i)) tags.push(this.#tagSlugs.values[t] ?? "");
    return this.#cards.card(i, this.#agent[i] ?? 0, {
      class: this.#classes.values[this.#class[i] ?? 0] ?? "read_only",
      tags,
      isPaid: (flags & 1) !== 0,
      freeToTry: (flags & 2) !== 0,
      endpointPending: (flags & 16) !== 0,
      createdAt: new Date(this.#createdAt[i] ?? 0),
    });
  }

  /** "Sample-tested" at the moment whose 7-day line is `fresh` (sample-tested.ts). */
  #tested(i: number, fresh: number): boolean {
    const flags = this.#flags[i] ?? 0;
    return (flags & 4) !== 0 && (flags & 8) !== 0 && (this.#lastTestAt[i] ?? NOT_A_TIME) > fresh;
  }

  /**
   * A search's matches (every listing when there are no words to match: null), as `count` numbers read with `at`.
   * Callers loop over them inline, with no function of theirs called per match.
   */
  #candidates(matches: Matches | null): { count: number; at: (j: number) => number } {
    if (matches === null) return { count: this.#used, at: (j) => j };
    const { numbers } = matches;
    return { count: numbers.length, at: (j) => numbers[j] ?? 0 };
  }

  /** How many listings match a search by this audience at `now` (count's "total" row, without the facets). */
  total(audience: Audience, f: SearchFilters, words: MeantLexemes[] | null, now: Date): number {
    const test = this.#conditions(audience, f, now);
    const { count, at } = this.#candidates(this.#matches(words));
    let total = 0;
    for (let j = 0; j < count; j++) if (test(at(j)) === 0) total += 1;
    return total;
  }

  /**
   * search.ts's facet rows for a search by this audience at `now`: `words` null for no query, [] for a query
   * of words that mean nothing (no match). The same rows PostgreSQL's statement gives with no sampling.
   */
  count(audience: Audience, f: SearchFilters, words: MeantLexemes[] | null, now: Date): FacetRow[] {
    const test = this.#conditions(audience, f, now);
    const fresh = sampleTestFreshSince(now).getTime();
    let total = 0;
    let testedYes = 0;
    let notRetained = 0;
    let noTraining = 0;
    let paid = 0;
    let freeOnly = 0;
    let freeToTry = 0;
    const byCategory = new Uint32Array(this.#categories.values.length);
    const byClass = new Uint32Array(this.#classes.values.length);
    const byLanguage = new Uint32Array(this.#languageNames.values.length);
    const byRegion = new Uint32Array(this.#regionNames.values.length);
    const byTag = new Uint32Array(this.#tagSlugs.values.length);

    // The arrays as locals and indexed loops: this runs once per match (a common word: 100,000 at a million listings).
    const [flagsOf, categoryOf, classOf] = [this.#flags, this.#category, this.#class];
    const [languageStarts, languageValues, regionStarts, regionValues, tagStarts, tagValues] = [
      this.#languages.starts,
      this.#languages.values,
      this.#regions.starts,
      this.#regions.values,
      this.#tags.starts,
      this.#tags.values,
    ];
    const [retainedOf, trainingOf] = [this.#inputsRetained, this.#usedForTraining];
    const candidates = this.#candidates(this.#matches(words));
    for (let j = 0; j < candidates.count; j++) {
      const i = candidates.at(j);
      const failed = test(i);
      // Excluded, or failing two single-choice filters: counted nowhere.
      if (failed === EXCLUDED || (failed & (failed - 1)) !== 0) continue;
      const flags = flagsOf[i] ?? 0;
      if (failed === 0 || failed === CATEGORY) byCategory[categoryOf[i] ?? 0]! += 1;
      if (failed === 0 || failed === CLASS) byClass[classOf[i] ?? 0]! += 1;
      if (failed === 0 || failed === PRICE) {
        if ((flags & 1) !== 0) paid += 1;
        else freeOnly += 1;
        if ((flags & 2) !== 0) freeToTry += 1;
      }
      if (failed === 0 || failed === LANGUAGE) {
        for (let k = languageStarts[i] ?? 0, end = languageStarts[i + 1] ?? 0; k < end; k++) byLanguage[languageValues[k] ?? 0]! += 1;
      }
      if (failed === 0 || failed === REGION) {
        for (let k = regionStarts[i] ?? 0, end = regionStarts[i + 1] ?? 0; k < end; k++) byRegion[regionValues[k] ?? 0]! += 1;
      }
      if (failed !== 0) continue;
      total += 1;
      if (this.#tested(i, fresh)) testedYes += 1;
      if (retainedOf[i] === NO) notRetained += 1;
      if (trainingOf[i] === NO) noTraining += 1;
      for (let k = tagStarts[i] ?? 0, end = tagStarts[i + 1] ?? 0; k < end; k++) byTag[tagValues[k] ?? 0]! += 1;
    }

    const rows: FacetRow[] = [{ facet: "total", value: null, label: null, n: total }];
    const push = (facet: string, names: string[], counts: Uint32Array) =>
      counts.forEach((n, id) => {
        if (n > 0) rows.push({ facet, value: names[id] ?? null, label: null, n });
      });
    push("category", this.#categories.values, byCategory);
    push("class", this.#classes.values, byClass);
    if (paid > 0) rows.push({ facet: "price", value: "paid", label: null, n: paid });
    if (freeOnly > 0) rows.push({ facet: "price", value: "free", label: null, n: freeOnly });
    if (freeToTry > 0) rows.push({ facet: "price", value: "free_to_try", label: null, n: freeToTry });
    if (testedYes > 0) rows.push({ facet: "tested", value: "yes", label: null, n: testedYes });
    push("language", this.#languageNames.values, byLanguage);
    push("region", this.#regionNames.values, byRegion);
    if (notRetained > 0) rows.push({ facet: "data", value: "inputs_not_retained", label: null, n: notRetained });
    if (noTraining > 0) rows.push({ facet: "data", value: "no_training", label: null, n: noTraining });
    // The most common tags that have a "Tag" row, ties in PostgreSQL's slug order.
    const tagIds = [...byTag.keys()].filter((t) => (byTag[t] ?? 0) > 0 && (this.#tagRank[t] ?? -1) >= 0);
    tagIds.sort((a, b) => (byTag[b] ?? 0) - (byTag[a] ?? 0) || (this.#tagRank[a] ?? 0) - (this.#tagRank[b] ?? 0));
    for (const t of tagIds.slice(0, TAG_LIMIT)) {
      rows.push({ facet: "tag", value: this.#tagSlugs.values[t] ?? null, label: this.#tagLabel[t] ?? null, n: byTag[t] ?? 0 });
    }
    return rows;
  }

  /**
   * The row ids of one page of a search's results, best first: `limit` after `offset`, in search.ts's order for
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
    const test = this.#conditions(audience, f, now);
    const wanted = offset + limit;
    const matches = this.#matches(words);
    const ids = (numbers: number[]) => numbers.slice(offset, wanted).map((i) => this.#ids[i] ?? "");
    if (matches === null || matches.numbers.length === 0) {
      // No words (every listing), or no match.
      const results: number[] = [];
      const { count, at } = this.#candidates(matches);
      for (let j = 0; j < count; j++) {
        const i = at(j);
        if (test(i) === 0) results.push(i);
      }
      return ids(top(results, wanted, this.#order(sort)));
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
      const first = exact.toSorted(sorting(this.#placeOrder(matches, sort, [])));
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
    return at(this.#best(matches, results, wanted, sort, exact));
  }

  /**
   * The places in a kept search's matches of those whose name says exactly `nameWords` (told by each name's hash, the
   * strings compared only when it is equal), looked up once per spelling.
   */
  #namedPlaces(matches: Matches, nameWords: string): number[] {
    const kept = matches.named.get(nameWords);
    if (kept !== undefined) return kept;
    const places: number[] = [];
    const [numbers, hash, hashOf, nameWordsOf] = [matches.numbers, nameHash(nameWords), this.#nameHash, this.#nameWords];
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
    const ranked = this.#rankedOnce(matches, sort, count);
    matches.ranked.set(sort, ranked);
    this.#keptOf(matches).grew(ranked.length - (held?.length ?? 0));
    return ranked;
  }

  /** The places of the first `count` of `matches` in `sort`'s order (by relevance, a name that says the query aside). */
  #rankedOnce(matches: Matches, sort: Sort, count: number): Int32Array {
    const places = new Int32Array(matches.numbers.length);
    for (let j = 0; j < places.length; j++) places[j] = j;
    return Int32Array.from(this.#best(matches, places, count, sort, []));
  }

  /**
   * The first `k` of `places` in `matches` in `sort`'s order, best first (by relevance, the places in `exact`
   * first). Most of them are told apart by the order's first key alone, a number per place (largest first), and
   * most of the rest by the next, the listing's creation time: the order's comparison, a call that reads several
   * arrays, is made only among those equal in both, and to sort the `k` chosen.
   */
  #best(matches: Matches, places: number[] | Int32Array, k: number, sort: Sort, exact: number[]): number[] {
    const before = this.#placeOrder(matches, sort, exact);
    const want = Math.min(k, places.length);
    if (want <= 0) return [];
    const { numbers, relevance } = matches;
    const keys = new Float64Array(places.length);
    const [createdAt, nameRank, runs, reputation] = [this.#createdAt, this.#nameRank, this.#runs, this.#reputation];
    // One loop per order, with nothing to decide per place.
    if (sort === "relevance") {
      for (let t = 0; t < places.length; t++) keys[t] = relevance[places[t] ?? 0] ?? 0;
      if (exact.length > 0) for (let t = 0; t < places.length; t++) if (exact.includes(places[t] ?? 0)) keys[t] = Infinity;
    } else {
      const key = sort === "name" ? nameRank : sort === "most_run" ? runs : sort === "reputation" ? reputation : createdAt;
      for (let t = 0; t < places.length; t++) keys[t] = key[numbers[places[t] ?? 0] ?? 0] ?? 0;
      // By name the smallest place first; by reputation, none last.
      if (sort === "name") for (let t = 0; t < places.length; t++) keys[t] = -(keys[t] ?? 0);
      if (sort === "reputation") for (let t = 0; t < places.length; t++) if (Number.isNaN(keys[t])) keys[t] = -Infinity;
    }
    const first = split(places, keys, want);
    let { ties, need } = first;
    const chosen = first.above;
    // Ties of every order but the name's (and the exact names') go newest first.
    if (need < ties.length && sort !== "name" && first.threshold !== Infinity) {
      const times = new Float64Array(ties.length);
      for (let t = 0; t < ties.length; t++) times[t] = createdAt[numbers[ties[t] ?? 0] ?? 0] ?? 0;
      const second = split(ties, times, need);
      chosen.push(...second.above);
      ({ ties, need } = second);
    }
    chosen.push(...select(ties, need, before));
    return chosen.sort(sorting(before));
  }

  /** "a comes before b" for places `a` and `b` in `matches`, in `sort`'s order (by relevance, the places in `exact` first). */
  #placeOrder(matches: Matches, sort: Sort, exact: number[]): (a: number, b: number) => boolean {
    if (sort === "relevance") return this.#relevanceOrder(matches, exact);
    const [order, { numbers }] = [this.#order(sort), matches];
    return (a, b) => order(numbers[a] ?? 0, numbers[b] ?? 0);
  }

  /** "a comes before b" for a sort. */
  #order(sort: Sort): (a: number, b: number) => boolean {
    const [createdAt, position, idKey] = [this.#createdAt, this.#position, this.#idKey];
    // Newest first, then in the agent.json's order, then by row id.
    const newest = (a: number, b: number) =>
      createdAt[a] !== createdAt[b]
        ? (createdAt[a] ?? 0) > (createdAt[b] ?? 0)
        : position[a] !== position[b]
          ? (position[a] ?? 0) < (position[b] ?? 0)
          : (idKey[a] ?? 0) < (idKey[b] ?? 0);
    if (sort === "name") {
      const nameRank = this.#nameRank;
      return (a, b) => (nameRank[a] ?? 0) < (nameRank[b] ?? 0);
    }
    if (sort === "most_run") {
      const runs = this.#runs;
      return (a, b) => (runs[a] !== runs[b] ? (runs[a] ?? 0) > (runs[b] ?? 0) : newest(a, b));
    }
    if (sort === "reputation") {
      const reputation = this.#reputation;
      return (a, b) => {
        const x = reputation[a] ?? Number.NaN;
        const y = reputation[b] ?? Number.NaN;
        if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? newest(a, b) : Number.isNaN(y);
        return x !== y ? x > y : newest(a, b);
      };
    }
    // Newest, and relevance without words to be relevant to.
    return newest;
  }

  /**
   * Relevance's "a comes before b" for places `a` and `b` in `matches`: a name that says exactly the query (places
   * in `exact`), then relevance, newest, row id.
   */
  #relevanceOrder({ numbers, relevance }: Matches, exact: number[]): (a: number, b: number) => boolean {
    const [createdAt, idKey] = [this.#createdAt, this.#idKey];
    // Called once per match or more: no allocation in it.
    return (a, b) => {
      if (exact.length > 0) {
        const na = exact.includes(a);
        const nb = exact.includes(b);
        if (na !== nb) return na;
      }
      const sa = relevance[a] ?? 0;
      const sb = relevance[b] ?? 0;
      if (sa !== sb) return sa > sb;
      const x = numbers[a] ?? 0;
      const y = numbers[b] ?? 0;
      return createdAt[x] !== createdAt[y] ? (createdAt[x] ?? 0) > (createdAt[y] ?? 0) : (idKey[x] ?? 0) > (idKey[y] ?? 0);
    };
  }

  /** The scratch arrays of the index's size, shared by a search's steps (a search is synchronous). */
  #scratchArrays(): Scratch {
    const size = this.#capacity;
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
  #fresh(n: number): { scratch: Scratch; first: number } {
    const scratch = this.#scratchArrays();
    if (scratch.stamp > 0xffffffff - n) {
      scratch.held.fill(0);
      scratch.stamp = 0;
    }
    const first = scratch.stamp + 1;
    scratch.stamp += n;
    return { scratch, first };
  }

  #markOf(ids: readonly string[]): Uint8Array {
    const mark = new Uint8Array(this.#capacity);
    for (const id of ids) {
      const i = this.#numbers.get(id);
      if (i !== undefined) mark[i] = 1;
    }
    return mark;
  }
}

/** A comparison for Array.prototype.sort from "a comes before b". */
function sorting(before: (a: number, b: number) => boolean): (a: number, b: number) => number {
  return (a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
}

/** The first `k` of `items` in the order `before` gives, best first; `items` is reordered. */
function top(items: number[], k: number, before: (a: number, b: number) => boolean): number[] {
  return select(items, k, before).sort(sorting(before));
}

/** A pseudo-random number from `seed`, and the next seed (a linear congruential step). */
function nextSeed(seed: number): number {
  return (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
}

/**
 * The `k` best of `items` in the order `before` gives (a strict order), in no order: selected in place
 * (quickselect, ~3 comparisons an item on average whatever order they come in), `items` reordered.
 */
function select(items: number[] | Int32Array, k: number, before: (a: number, b: number) => boolean): number[] {
  const want = Math.min(k, items.length);
  if (want <= 0) return [];
  const t = want - 1;
  let [lo, hi, seed] = [0, items.length - 1, 0x9e3779b9];
  while (lo < hi) {
    // A pivot from the middle one of three places picked at random: no order of the items makes it a bad one often.
    seed = nextSeed(seed);
    const span = hi - lo + 1;
    const [x, y, z] = [items[lo + (seed % span)] ?? 0, items[lo + ((seed >>> 8) % span)] ?? 0, items[lo + ((seed >>> 16) % span)] ?? 0];
    const pivot = before(x, y) ? (before(y, z) ? y : before(x, z) ? z : x) : before(x, z) ? x : before(y, z) ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(items[i] ?? 0, pivot)) i += 1;
      while (before(pivot, items[j] ?? 0)) j -= 1;
      if (i <= j) {
        const held = items[i] ?? 0;
        items[i] = items[j] ?? 0;
        items[j] = held;
        i += 1;
        j -= 1;
      }
    }
    // items[lo..j] come before the pivot or are it, items[i..hi] after it or are it.
    if (t <= j) hi = j;
    else if (t >= i) lo = i;
    else break;
  }
  return Array.from(items.slice(0, want));
}

/** The `k`-th largest of `values` (1: the largest), selected in place as `select` does, with no call per comparison. */
function kthLargest(values: Float64Array, k: number): number {
  const t = k - 1;
  let [lo, hi, seed] = [0, values.length - 1, 0x9e3779b9];
  while (lo < hi) {
    seed = nextSeed(seed);
    const pivot = values[lo + (seed % (hi - lo + 1))] ?? 0;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] ?? 0) > pivot) i += 1;
      while ((values[j] ?? 0) < pivot) j -= 1;
      if (i <= j) {
        const held = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = held;
        i += 1;
        j -= 1;
      }
    }
    if (t <= j) hi = j;
    else if (t >= i) lo = i;
    else break;
  }
  return values[t] ?? 0;
}

/**
 * `items` (keys[t] is items[t]'s) split at the `want`-th largest key, `threshold`: those with a larger key (all among
 * the best `want`), and those with that key, of which the best `need` are.
 */
function split(items: ArrayLike<number>, keys: Float64Array, want: number): { above: number[]; ties: number[]; need: number; threshold: number } {
  const threshold = kthLargest(keys.slice(), want);
  const above: number[] = [];
  const ties: number[] = [];
  for (let t = 0; t < items.length; t++) {
    const key = keys[t] ?? 0;
    if (key > threshold) above.push(items[t] ?? 0);
    else if (key === threshold) ties.push(items[t] ?? 0);
  }
  return { above, ties, need: want - above.length, threshold };
}
