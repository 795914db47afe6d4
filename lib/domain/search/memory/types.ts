import type { CardTexts } from "./listing-cards";

// What the in-memory index holds and is told, as its loader reads them from PostgreSQL (load.ts).

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
export type LoadedListing = ListingFacts &
  CardTexts & {
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
export type IndexedListing = LoadedListing & { words: string; scores: Buffer };

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

/**
 * When a search's pages come from its first matches in order (SharedIndex.#ranked): `best`, how many are first put
 * in order (a page of a common word's results is then found by testing those until the page is full, not every
 * match: ~100,000 at a million listings), four times as many when the filters leave too few of them, but only
 * while that is less than one in `deepest` of its matches (beyond, testing them all costs less); and the fewest
 * matches, `from`, a search has for it (with fewer, testing every match costs less than putting the best in order:
 * measured at 100,000 listings, where a common word has ~10,000). Smaller in tests, so small searches take that way.
 */
export type RankOptions = { best: number; deepest: number; from: number };
