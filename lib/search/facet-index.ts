import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/listings/reputation";
import { sampleTestFreshSince } from "@/lib/sample-tests/sample-tested";
import type { Audience } from "@/lib/catalog/visibility";
import type { SearchFilters } from "./filters";

// Facet counts of the listings the shared audiences see ("everyone", "adults": lib/catalog/visibility.ts),
// answered from memory. Counting the matches of a common word in PostgreSQL touches every matching row
// (30-45 ms for 10,000 of them at 100,000 listings however the rows are stored: docs/benchmarks.md); here each
// listing is a number, its facet values small integers in typed arrays, and each word of the postings the
// sorted numbers of the listings holding it, so a count is one pass over the matches.
//
// The index only counts. What it holds is loaded from PostgreSQL (facet-index-live.ts), through THE
// visibility rule, and it answers exactly what search.ts's statement answers (facet-index.test.ts holds the
// two together): the same rows, each condition written as that statement writes it. Time-bound conditions
// ("sample-tested" for 7 days, "unreachable" for 3) are decided at the moment asked, from the timestamps.

/** One facet value's count, as search.ts's statement returns it (facet "total": value null). */
export type FacetRow = { facet: string; value: string | null; label: string | null; n: number };

/** A query word as the postings know it: the words its stem begins, and its correction's stem (null: none). */
export type IndexWord = { prefix: string | null; exact: string | null };

/** One listing's facts that change without a listing write: its latest sample test, its pass, its reputation. */
export type ListingFacts = {
  id: string;
  hasExample: boolean;
  lastTestPassed: boolean;
  /** Epoch ms, or null. */
  lastTestAt: number | null;
  lastPassAt: number | null;
  endpointPending: boolean;
  reputation: number | null;
};

/** One listing as loaded: visible to "adults" (always, or it is not loaded) and perhaps to "everyone". */
export type ListingRow = ListingFacts & {
  everyone: boolean;
  /** The category's first segment. */
  category: string;
  class: string;
  isPaid: boolean;
  hasFree: boolean;
  languages: string[];
  regions: string[];
  inputsRetained: boolean | null;
  usedForTraining: boolean | null;
  tagSlugs: string[] | null;
};

/** What the index is built from: listings in row-id order (their numbers), each word's listing numbers ascending, and every tag (slug order as PostgreSQL sorts them). */
export type FacetIndexSource = { listings: ListingRow[]; postings: Iterable<[word: string, numbers: number[]]>; tags: { slug: string; label: string }[] };

const TAG_LIMIT = 24;
const NOT_A_TIME = Number.NaN;
// inputsRetained / usedForTraining: three states, as the columns are nullable and only `= false` counts.
const NO = 0;
const YES = 1;
const UNSTATED = 2;

function tristate(value: boolean | null): number {
  return value === null ? UNSTATED : value ? YES : NO;
}

/** Strings as small integers, in the order first seen. */
class Dictionary {
  readonly values: string[] = [];
  readonly #ids = new Map<string, number>();
  id(value: string): number {
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.#ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.#ids.get(value);
  }
}

export class FacetIndex {
  readonly size: number;
  readonly #numbers = new Map<string, number>();
  readonly #everyone: Uint8Array;
  readonly #category: Int32Array;
  readonly #class: Int32Array;
  /** Bits: 1 paid, 2 has a free plan, 4 has an example, 8 latest test passed, 16 endpoint pending. */
  readonly #flags: Uint8Array;
  readonly #inputsRetained: Uint8Array;
  readonly #usedForTraining: Uint8Array;
  readonly #lastTestAt: Float64Array;
  readonly #lastPassAt: Float64Array;
  readonly #reputation: Float64Array;
  readonly #languages: Int32Array[];
  readonly #regions: Int32Array[];
  readonly #tags: Int32Array[];
  readonly #categories = new Dictionary();
  readonly #classes = new Dictionary();
  readonly #languageNames = new Dictionary();
  readonly #regionNames = new Dictionary();
  readonly #tagSlugs = new Dictionary();
  /** Per tag id: its place in PostgreSQL's slug order (ties of a count break by it), or -1 with no "Tag" row. */
  #tagRank = new Int32Array(0);
  #tagLabel: (string | null)[] = [];
  /** Every word, sorted by code unit, so the words a stem begins are one range. */
  readonly #words: string[];
  readonly #postings = new Map<string, Int32Array>();

  constructor(source: FacetIndexSource) {
    const n = source.listings.length;
    this.size = n;
    this.#everyone = new Uint8Array(n);
    this.#category = new Int32Array(n);
    this.#class = new Int32Array(n);
    this.#flags = new Uint8Array(n);
    this.#inputsRetained = new Uint8Array(n);
    this.#usedForTraining = new Uint8Array(n);
    this.#lastTestAt = new Float64Array(n);
    this.#lastPassAt = new Float64Array(n);
    this.#reputation = new Float64Array(n);
    this.#languages = new Array<Int32Array>(n);
    this.#regions = new Array<Int32Array>(n);
    this.#tags = new Array<Int32Array>(n);
    // Agents share their languages: one array per distinct list.
    const languageLists = new Map<string, Int32Array>();
    source.listings.forEach((row, i) => {
      this.#numbers.set(row.id, i);
      this.#everyone[i] = row.everyone ? 1 : 0;
      this.#category[i] = this.#categories.id(row.category);
      this.#class[i] = this.#classes.id(row.class);
      this.#inputsRetained[i] = tristate(row.inputsRetained);
      this.#usedForTraining[i] = tristate(row.usedForTraining);
      const languageKey = row.languages.join("\n");
      let languages = languageLists.get(languageKey);
      if (!languages) {
        languages = Int32Array.from(row.languages, (l) => this.#languageNames.id(l));
        languageLists.set(languageKey, languages);
      }
      this.#languages[i] = languages;
      this.#regions[i] = Int32Array.from(row.regions, (r) => this.#regionNames.id(r));
      this.#tags[i] = Int32Array.from(row.tagSlugs ?? [], (t) => this.#tagSlugs.id(t));
      this.#setFacts(i, row);
    });
    this.#setTags(source.tags);
    for (const [word, numbers] of source.postings) this.#postings.set(word, Int32Array.from(numbers));
    this.#words = [...this.#postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  #setTags(tags: { slug: string; label: string }[]): void {
    const rank = new Map(tags.map((t, i) => [t.slug, i]));
    const label = new Map(tags.map((t) => [t.slug, t.label]));
    this.#tagRank = Int32Array.from(this.#tagSlugs.values, (slug) => rank.get(slug) ?? -1);
    this.#tagLabel = this.#tagSlugs.values.map((slug) => label.get(slug) ?? null);
  }

  #setFacts(i: number, facts: ListingFacts & { isPaid?: boolean; hasFree?: boolean }): void {
    const kept = this.#flags[i] ?? 0;
    const paid = facts.isPaid === undefined ? kept & 1 : facts.isPaid ? 1 : 0;
    const free = facts.hasFree === undefined ? kept & 2 : facts.hasFree ? 2 : 0;
    this.#flags[i] = paid | free | (facts.hasExample ? 4 : 0) | (facts.lastTestPassed ? 8 : 0) | (facts.endpointPending ? 16 : 0);
    this.#lastTestAt[i] = facts.lastTestAt ?? NOT_A_TIME;
    this.#lastPassAt[i] = facts.lastPassAt ?? NOT_A_TIME;
    this.#reputation[i] = facts.reputation ?? Number.NaN;
  }

  /** Takes in facts that changed without a listing write (a sample test, a run); listings not held are skipped. */
  updateFacts(rows: ListingFacts[]): void {
    for (const row of rows) {
      const i = this.#numbers.get(row.id);
      if (i !== undefined) this.#setFacts(i, row);
    }
  }

  /** The listing numbers of each word's postings (a stem's every word, and the correction's stem). */
  #wordLists(word: IndexWord): Int32Array[] {
    const lists: Int32Array[] = [];
    if (word.prefix !== null) {
      const prefix = word.prefix;
      let lo = 0;
      let hi = this.#words.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.#words[mid] ?? "") < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let w = lo; w < this.#words.length && (this.#words[w] ?? "").startsWith(prefix); w++) {
        const list = this.#postings.get(this.#words[w] ?? "");
        if (list) lists.push(list);
      }
    }
    if (word.exact !== null && (word.prefix === null || !word.exact.startsWith(word.prefix))) {
      const list = this.#postings.get(word.exact);
      if (list) lists.push(list);
    }
    return lists;
  }

  /**
   * The numbers of the listings holding every word (each a word its stem begins, or its correction), or null
   * for no words (every listing). `words` are the query's meaningful words; a query whose words all mean
   * nothing is the caller's "no match".
   */
  #matches(words: IndexWord[]): Int32Array | null {
    if (words.length === 0) return null;
    // seen[x] = how many of the words so far listing x holds, advanced once per word.
    const seen = new Uint8Array(this.size);
    let last: Int32Array[] = [];
    words.forEach((word, k) => {
      last = this.#wordLists(word);
      for (const list of last) {
        for (const x of list) if (seen[x] === k) seen[x] = k + 1;
      }
    });
    const all = words.length;
    const out: number[] = [];
    for (const list of last) {
      for (const x of list) {
        if (seen[x] === all) {
          seen[x] = all + 1;
          out.push(x);
        }
      }
    }
    return Int32Array.from(out);
  }

  /**
   * search.ts's facet rows for a search by this audience at `now`: `words` null for no query, [] for a query
   * of words that mean nothing (no match). The same rows PostgreSQL's statement gives with no sampling.
   */
  count(audience: Audience, f: SearchFilters, words: IndexWord[] | null, now: Date): FacetRow[] {
    const nothing = words !== null && words.length === 0;
    const matches = nothing ? new Int32Array(0) : this.#matches(words ?? []);
    const everyoneOnly = audience === "everyone";
    const only = f.matchingIds ? this.#markOf(f.matchingIds) : null;
    const wantedTags = f.tags.map((slug) => this.#tagSlugs.find(slug) ?? -1);
    const fresh = sampleTestFreshSince(now).getTime();
    const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS).getTime();
    const category = f.category === null ? null : (this.#categories.find(f.category) ?? -1);
    const klass = f.class === null ? null : (this.#classes.find(f.class) ?? -1);
    const language = f.language === null ? null : (this.#languageNames.find(f.language) ?? -1);
    const region = f.region === null ? null : (this.#regionNames.find(f.region) ?? -1);

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

    const visit = (i: number) => {
      if (everyoneOnly && this.#everyone[i] === 0) return;
      if (only && only[i] === 0) return;
      const tags = this.#tags[i] ?? new Int32Array(0);
      for (const t of wantedTags) if (!tags.includes(t)) return;
      const flags = this.#flags[i] ?? 0;
      const lastTestAt = this.#lastTestAt[i] ?? NOT_A_TIME;
      const tested = (flags & 4) !== 0 && (flags & 8) !== 0 && lastTestAt > fresh;
      if (f.sampleTested && !tested) return;
      if (f.dataRules.includes("inputs_not_retained") && this.#inputsRetained[i] !== NO) return;
      if (f.dataRules.includes("no_training") && this.#usedForTraining[i] !== NO) return;
      if (f.minReputation !== null && !((this.#reputation[i] ?? Number.NaN) >= f.minReputation)) return;
      if (!f.includeUnreachable) {
        const lastPassAt = this.#lastPassAt[i] ?? NOT_A_TIME;
        const failing = lastTestAt > recent && (Number.isNaN(lastPassAt) || lastPassAt <= recent);
        if ((flags & 16) !== 0 || failing) return;
      }
      const isPaid = (flags & 1) !== 0;
      const hasFree = (flags & 2) !== 0;
      const languages = this.#languages[i] ?? new Int32Array(0);
      const regions = this.#regions[i] ?? new Int32Array(0);
      // The single-choice filters this listing fails; it is counted for a facet only when no other fails.
      const okCategory = category === null || this.#category[i] === category;
      const okClass = klass === null || this.#class[i] === klass;
      const okPrice = f.price === null || (f.price === "free_to_try" ? hasFree : f.price === "paid" ? isPaid : !isPaid);
      const okLanguage = language === null || languages.includes(language);
      const okRegion = region === null || regions.includes(region);
      const failed = (okCategory ? 0 : 1) + (okClass ? 0 : 1) + (okPrice ? 0 : 1) + (okLanguage ? 0 : 1) + (okRegion ? 0 : 1);
      if (failed > 1) return;
      const all = failed === 0;
      if (all || !okCategory) byCategory[this.#category[i] ?? 0]! += 1;
      if (all || !okClass) byClass[this.#class[i] ?? 0]! += 1;
      if (all || !okPrice) {
        if (isPaid) paid += 1;
        else freeOnly += 1;
        if (hasFree) freeToTry += 1;
      }
      if (all || !okLanguage) for (const l of languages) byLanguage[l]! += 1;
      if (all || !okRegion) for (const r of regions) byRegion[r]! += 1;
      if (!all) return;
      total += 1;
      if (tested) testedYes += 1;
      if (this.#inputsRetained[i] === NO) notRetained += 1;
      if (this.#usedForTraining[i] === NO) noTraining += 1;
      for (const t of tags) byTag[t]! += 1;
    };
    if (matches) for (const i of matches) visit(i);
    else for (let i = 0; i < this.size; i++) visit(i);

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

  #markOf(ids: readonly string[]): Uint8Array {
    const mark = new Uint8Array(this.size);
    for (const id of ids) {
      const i = this.#numbers.get(id);
      if (i !== undefined) mark[i] = 1;
    }
    return mark;
  }
}
