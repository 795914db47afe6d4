import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/model/figures/reputation";
import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";
import type { Audience } from "@/lib/model/catalog/visibility";
import type { CapabilityClass } from "@/lib/model/agent-file/types";
import { Dictionary } from "./dictionary";
import { ListColumn } from "./list-column";
import { ListingCards, type ListingCard } from "./listing-cards";
import type { IndexTag, ListingFacts, ListingHealth, LoadedListing } from "./types";

// The in-memory index's listings: each listing is a number (its place in row-id order, then the order it was
// patched in), its facts small integers in typed arrays indexed by that number, its lists (languages, regions,
// tags) in ListColumns. Matching, counting and ordering read these arrays in their loops (conditions.ts,
// count.ts, order.ts).

const NOT_A_TIME = Number.NaN;
// inputsRetained / usedForTraining: three states, as the columns are nullable and only `= false` counts.
export const NO = 0;
const YES = 1;
const UNSTATED = 2;
// Who sees a listing (seenBy): a listing replaced or removed since the load keeps its number, seen by nobody.
const NOBODY = 0;
const ADULTS = 1;
const EVERYONE = 2;

/** The least seenBy a listing this audience may see has. */
export function seenByAtLeast(audience: Audience): number {
  return audience === "everyone" ? EVERYONE : ADULTS;
}

function tristate(value: boolean | null): number {
  return value === null ? UNSTATED : value ? YES : NO;
}

/** A 32-bit hash (FNV-1a over UTF-16 code units), so most listings' names are told apart from the query's without reading their strings. */
export function nameHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash | 0;
}

export class Listings {
  /** Numbers the arrays have room for: the load's listings and those taken in after it (patch). */
  readonly capacity: number;
  /**
   * Numbers given so far: the load's listings in row-id order, then those patched in after it. A listing replaced
   * or removed keeps its number, seen by nobody.
   */
  used = 0;
  live = 0;
  readonly ids: string[];
  readonly numbers = new Map<string, number>();
  readonly seenBy: Uint8Array;
  readonly agent: Int32Array;
  readonly agents = new Dictionary();
  readonly category: Int32Array;
  readonly class: Int32Array;
  /** Bits: 1 paid, 2 has a free plan, 4 has an example, 8 latest test passed, 16 endpoint pending. */
  readonly flags: Uint8Array;
  readonly inputsRetained: Uint8Array;
  readonly usedForTraining: Uint8Array;
  readonly lastTestAt: Float64Array;
  readonly lastPassAt: Float64Array;
  readonly reputation: Float64Array;
  readonly runs: Int32Array;
  readonly createdAt: Float64Array;
  readonly position: Int32Array;
  readonly nameWords: string[];
  /** nameHash of each listing's nameWords. */
  readonly nameHash: Int32Array;
  /**
   * Each listing's place in PostgreSQL's orders by row id and by name (its collation decides them, so they are
   * read, not computed): the number and the place read at the load, and between two of those for a later listing.
   */
  readonly idKey: Float64Array;
  readonly nameRank: Float64Array;
  readonly cards: ListingCards;
  readonly languages: ListColumn;
  readonly regions: ListColumn;
  readonly tags: ListColumn;
  readonly categories = new Dictionary();
  readonly classes = new Dictionary<CapabilityClass>();
  readonly languageNames = new Dictionary();
  readonly regionNames = new Dictionary();
  readonly tagSlugs = new Dictionary();
  /** Per tag id: its place in PostgreSQL's slug order (ties of a count break by it), or -1 with no "Tag" row. */
  tagRank = new Int32Array(0);
  tagLabel: (string | null)[] = [];
  /** Per agent id: 1 while its listings are withheld from every answer (withhold), or null for none. */
  withheld: Uint8Array | null = null;

  constructor(size: number) {
    // Room for a twentieth more listings written after the load before it is loaded again.
    const n = size + Math.max(1_000, Math.ceil(size / 20));
    this.capacity = n;
    this.ids = new Array<string>(n);
    this.seenBy = new Uint8Array(n);
    this.agent = new Int32Array(n);
    this.category = new Int32Array(n);
    this.class = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.inputsRetained = new Uint8Array(n);
    this.usedForTraining = new Uint8Array(n);
    this.lastTestAt = new Float64Array(n);
    this.lastPassAt = new Float64Array(n);
    this.reputation = new Float64Array(n);
    this.runs = new Int32Array(n);
    this.createdAt = new Float64Array(n);
    this.position = new Int32Array(n);
    this.nameWords = new Array<string>(n);
    this.nameHash = new Int32Array(n);
    this.idKey = new Float64Array(n);
    this.nameRank = new Float64Array(n).fill(n);
    this.cards = new ListingCards(n);
    this.languages = new ListColumn(n);
    this.regions = new ListColumn(n);
    this.tags = new ListColumn(n);
  }

  rankTags(tags: IndexTag[]): void {
    const rank = new Map(tags.map((t, i) => [t.slug, i]));
    const label = new Map(tags.map((t) => [t.slug, t.label]));
    this.tagRank = Int32Array.from(this.tagSlugs.values, (slug) => rank.get(slug) ?? -1);
    this.tagLabel = this.tagSlugs.values.map((slug) => label.get(slug) ?? null);
  }

  /** Gives `row` the next number; its places in the orders are set by the caller. */
  add(row: LoadedListing): number {
    const i = this.used;
    this.used += 1;
    this.live += 1;
    this.ids[i] = row.id;
    this.numbers.set(row.id, i);
    this.seenBy[i] = row.everyone ? EVERYONE : ADULTS;
    this.agent[i] = this.agents.id(row.agentId);
    // The facet is the category's first segment (PostgreSQL's split_part(category, '.', 1)).
    this.category[i] = this.categories.id(row.category.split(".", 1)[0] ?? "");
    this.class[i] = this.classes.id(row.class);
    this.inputsRetained[i] = tristate(row.inputsRetained);
    this.usedForTraining[i] = tristate(row.usedForTraining);
    this.createdAt[i] = row.createdAt;
    this.position[i] = row.position;
    this.nameWords[i] = row.nameWords;
    this.nameHash[i] = nameHash(row.nameWords);
    this.languages.add(
      i,
      row.languages.map((v) => this.languageNames.id(v)),
    );
    this.regions.add(
      i,
      row.regions.map((v) => this.regionNames.id(v)),
    );
    this.tags.add(
      i,
      (row.tagSlugs ?? []).map((v) => this.tagSlugs.id(v)),
    );
    this.flags[i] = (row.isPaid ? 1 : 0) | (row.hasFree ? 2 : 0);
    this.cards.set(i, this.agent[i] ?? 0, row);
    this.setFacts(i, row);
    return i;
  }

  /** The listings of `agents` leave: their numbers are seen by nobody (one pass over every number, a million in ~2 ms). */
  leave(agents: readonly string[]): void {
    const written = new Uint8Array(this.agents.values.length);
    for (const a of agents) {
      const id = this.agents.find(a);
      if (id !== undefined) written[id] = 1;
    }
    const [seenBy, agentOf] = [this.seenBy, this.agent];
    for (let i = 0; i < this.used; i++) {
      if (seenBy[i] !== NOBODY && written[agentOf[i] ?? 0] === 1) {
        seenBy[i] = NOBODY;
        this.numbers.delete(this.ids[i] ?? "");
        this.live -= 1;
      }
    }
  }

  /**
   * Withholds the listings of `agents` from every answer (as if nobody could see them) until called again. Those
   * it holds no listing of (an agent's first publish) are not in any answer anyway.
   */
  withhold(agents: ReadonlySet<string>): void {
    let withheld: Uint8Array | null = null;
    for (const agent of agents) {
      const id = this.agents.find(agent);
      if (id === undefined) continue;
      withheld ??= new Uint8Array(this.agents.values.length);
      withheld[id] = 1;
    }
    this.withheld = withheld;
  }

  setFacts(i: number, facts: ListingFacts): void {
    this.flags[i] = ((this.flags[i] ?? 0) & 3) | (facts.hasExample ? 4 : 0) | (facts.lastTestPassed ? 8 : 0) | (facts.endpointPending ? 16 : 0);
    this.lastTestAt[i] = facts.lastTestAt ?? NOT_A_TIME;
    this.lastPassAt[i] = facts.lastPassAt ?? NOT_A_TIME;
    this.reputation[i] = facts.reputation ?? Number.NaN;
    this.runs[i] = facts.runs;
  }

  /** Takes in facts that changed without a listing write; listings not held are skipped. */
  updateFacts(rows: ListingFacts[]): void {
    for (const row of rows) {
      const i = this.numbers.get(row.id);
      if (i !== undefined) this.setFacts(i, row);
    }
  }

  /** Whether an audience whose least seenBy is `least` may not see listing `i` now (withheld ones: nobody). */
  unseen(i: number, least: number): boolean {
    const withheld = this.withheld;
    return (this.seenBy[i] ?? NOBODY) < least || (withheld !== null && withheld[this.agent[i] ?? 0] === 1);
  }

  /** "Unreachable" at the moment whose 3-day line is `recent` (reputation.ts, unreachableSql). */
  unreachable(i: number, recent: number): boolean {
    const lastTestAt = this.lastTestAt[i] ?? NOT_A_TIME;
    const lastPassAt = this.lastPassAt[i] ?? NOT_A_TIME;
    const failing = lastTestAt > recent && (Number.isNaN(lastPassAt) || lastPassAt <= recent);
    return ((this.flags[i] ?? 0) & 16) !== 0 || failing;
  }

  /** "Sample-tested" at the moment whose 7-day line is `fresh` (sample-tested.ts). */
  tested(i: number, fresh: number): boolean {
    const flags = this.flags[i] ?? 0;
    return (flags & 4) !== 0 && (flags & 8) !== 0 && (this.lastTestAt[i] ?? NOT_A_TIME) > fresh;
  }

  /**
   * A listing's figures at `now` as PostgreSQL gives them (the API's reputation, runs, "unreachable" and
   * "sample-tested"), or undefined when the index does not hold it or this audience may not see it.
   */
  health(audience: Audience, id: string, now: Date): ListingHealth | undefined {
    const i = this.numbers.get(id);
    if (i === undefined || this.unseen(i, seenByAtLeast(audience))) return undefined;
    const reputation = this.reputation[i] ?? Number.NaN;
    return {
      reputation: Number.isNaN(reputation) ? null : reputation,
      runs: this.runs[i] ?? 0,
      unreachable: this.unreachable(i, daysBefore(now, UNREACHABLE_WINDOW_DAYS).getTime()),
      sampleTested: this.tested(i, sampleTestFreshSince(now).getTime()),
    };
  }

  /** What the API's item states of a listing (besides its health), or undefined when the index does not hold it or this audience may not see it. */
  card(audience: Audience, id: string): ListingCard | undefined {
    const i = this.numbers.get(id);
    if (i === undefined || this.unseen(i, seenByAtLeast(audience))) return undefined;
    const flags = this.flags[i] ?? 0;
    const tags: string[] = [];
    for (const t of this.tags.of(i)) tags.push(this.tagSlugs.values[t] ?? "");
    return this.cards.card(i, this.agent[i] ?? 0, {
      class: this.classes.values[this.class[i] ?? 0] ?? "read_only",
      tags,
      isPaid: (flags & 1) !== 0,
      freeToTry: (flags & 2) !== 0,
      endpointPending: (flags & 16) !== 0,
      createdAt: new Date(this.createdAt[i] ?? 0),
    });
  }

  /** A mark per number: 1 for the listings of `ids` held. */
  markOf(ids: readonly string[]): Uint8Array {
    const mark = new Uint8Array(this.capacity);
    for (const id of ids) {
      const i = this.numbers.get(id);
      if (i !== undefined) mark[i] = 1;
    }
    return mark;
  }
}
