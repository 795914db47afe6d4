import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { listen, type Unsubscribe } from "@/lib/db-events";
import { log } from "@/lib/log";
import { capabilityVisibleToAudienceSql } from "@/lib/catalog/visibility";
import { sharedCacheGeneration } from "@/lib/http/shared-cache-generation";
import { FacetIndex, type ListingFacts, type ListingRow } from "./facet-index";

// The web process's facet index (facet-index.ts), kept current:
// - Loaded from one snapshot of PostgreSQL (a REPEATABLE READ transaction), so listings and postings agree.
// - A listing write anywhere moves the listings' generation (lib/http/listings-changed.ts): from that moment
//   the index is not current and search counts in PostgreSQL, as it does while the first load runs; the next
//   count asks for a fresh load (at most one at a time, and not sooner than `reloadGapMs` after the last one).
// - Sample tests and runs change "sample-tested", "unreachable" and reputation without a listing write:
//   triggers NOTIFY each such capability's id on CAPABILITY_FACTS_CHANNEL (migration …_capability_facts_notify),
//   and those listings' facts are read again and updated in place, milliseconds later. A gap in the event
//   connection drops the index (it is loaded again).
// It lives on globalThis: instrumentation.ts starts it, and Next bundles its own copy of this module for pages
// and routes.

/** Triggers NOTIFY a capability's id here when its latest test, its latest pass or its reputation changes. */
export const CAPABILITY_FACTS_CHANNEL = "explore_capability_facts";

const KEY = Symbol.for("explore.search.facetIndex");
type Holder = { [KEY]?: LiveFacetIndex };

/** For /api/health: whether facet counts come from memory now ("current"), will once loaded ("loading"), or never ("off"). */
export function facetIndexState(): { state: "off" | "loading" | "current"; listings: number | null } {
  const live = (globalThis as Holder)[KEY];
  const index = live?.held() ?? null;
  return live === undefined ? { state: "off", listings: null } : index ? { state: "current", listings: index.size } : { state: "loading", listings: null };
}

/** The index to count with now, or null (not started, loading, or the listings changed since it was loaded). */
export function currentFacetIndex(): FacetIndex | null {
  return (globalThis as Holder)[KEY]?.current() ?? null;
}

export type LiveFacetIndexOptions = { reloadGapMs?: number };

const factsColumns = Prisma.sql`
  c."id", c."hasExample", c."lastTestPassed", a."endpointPending", s."reputation",
  (extract(epoch FROM c."lastTestAt") * 1000)::float8 AS "lastTestAt",
  (extract(epoch FROM c."lastPassAt") * 1000)::float8 AS "lastPassAt"`;

const factsSchema = z.object({
  id: z.string(),
  hasExample: z.boolean(),
  lastTestPassed: z.boolean(),
  endpointPending: z.boolean(),
  reputation: z.number().nullable(),
  lastTestAt: z.number().nullable(),
  lastPassAt: z.number().nullable(),
});

const listingSchema = factsSchema.extend({
  everyone: z.boolean(),
  category: z.string(),
  class: z.string(),
  isPaid: z.boolean(),
  hasFree: z.boolean(),
  languages: z.array(z.string()),
  regions: z.array(z.string()),
  inputsRetained: z.boolean().nullable(),
  usedForTraining: z.boolean().nullable(),
  tagSlugs: z.array(z.string()).nullable(),
});

const postingSchema = z.object({ word: z.string(), numbers: z.array(z.number().int()) });
const tagSchema = z.object({ slug: z.string(), label: z.string() });

// The listings "adults" see (a superset of what "everyone" sees), numbered in row-id order: the postings query
// numbers them the same way in the same snapshot.
const visibleToAdults = capabilityVisibleToAudienceSql("adults");

/** A facet index of the listings as they are now, from one snapshot. */
export async function loadFacetIndex(): Promise<FacetIndex> {
  return db.$transaction(
    async (tx) => {
      const listings = z.array(listingSchema).parse(
        await tx.$queryRaw<unknown[]>(Prisma.sql`
          SELECT ${factsColumns}, ${capabilityVisibleToAudienceSql("everyone")} AS everyone,
                 split_part(c."category", '.', 1) AS category, c."class"::text AS class, c."isPaid",
                 EXISTS (SELECT 1 FROM "Plan" p WHERE p."capabilityId" = c."id" AND p."type" = 'free') AS "hasFree",
                 a."languages", c."processingRegions" AS regions, c."inputsRetained", c."usedForTraining", c."tagSlugs"
          FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
          WHERE ${visibleToAdults}
          ORDER BY c."id"`),
      ) satisfies ListingRow[];
      const postings = z.array(postingSchema).parse(
        await tx.$queryRaw<unknown[]>(Prisma.sql`
          WITH v AS MATERIALIZED (
            SELECT c."id", (row_number() OVER (ORDER BY c."id") - 1)::int AS n
            FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" WHERE ${visibleToAdults}
          )
          SELECT p."word", array_agg(v.n ORDER BY v.n) AS numbers
          FROM "SearchPosting" p JOIN v ON v."id" = p."capabilityId"
          GROUP BY p."word"`),
      );
      const tags = z.array(tagSchema).parse(await tx.$queryRaw<unknown[]>(Prisma.sql`SELECT t."slug", t."label" FROM "Tag" t ORDER BY t."slug"`));
      return new FacetIndex({ listings, postings: postings.map((p) => [p.word, p.numbers] as [string, number[]]), tags });
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

async function readFacts(ids: string[]): Promise<ListingFacts[]> {
  return z.array(factsSchema).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT ${factsColumns}
      FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
      WHERE c."id" = ANY(${ids}::text[])`),
  );
}

export class LiveFacetIndex {
  readonly #reloadGapMs: number;
  #index: FacetIndex | null = null;
  /** The listings' generation the index was loaded at. */
  #generation = -1;
  #loading: Promise<void> | null = null;
  #lastLoadAt = Number.NEGATIVE_INFINITY;
  #loads = 0;
  /** Capabilities whose facts changed and are not read again yet; while loading, also kept for after it. */
  #pending = new Set<string>();
  #changedDuringLoad = new Set<string>();
  #flushing: Promise<void> | null = null;
  #unsubscribe: Unsubscribe | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(options: LiveFacetIndexOptions = {}) {
    this.#reloadGapMs = options.reloadGapMs ?? 10_000;
  }

  /** Listens for fact changes (trying again every second until it can), then loads; `loaded` tells when. */
  async start(): Promise<void> {
    try {
      const unsubscribe = await listen(CAPABILITY_FACTS_CHANNEL, (id) => this.#factsChanged(id), {
        onGap: () => {
          this.#index = null;
          this.#reload();
        },
      });
      if (this.#closed) return void (await unsubscribe());
      this.#unsubscribe = unsubscribe;
      this.#reload();
    } catch (error) {
      log.warn("cannot listen for listing facts yet; counting facets in PostgreSQL", { error });
      if (!this.#closed) this.#retry = setTimeout(() => void this.start(), 1_000);
    }
  }

  /** The index if it is current, without asking for a load. */
  held(): FacetIndex | null {
    return this.#unsubscribe !== null && this.#generation === sharedCacheGeneration() ? this.#index : null;
  }

  current(): FacetIndex | null {
    if (this.#unsubscribe === null) return null;
    if (this.#index === null || this.#generation !== sharedCacheGeneration()) {
      this.#reload();
      return null;
    }
    return this.#index;
  }

  /** How many loads have been installed (operations, tests). */
  get loads(): number {
    return this.#loads;
  }

  /** Resolves when no load is running (tests: then `current()` answers, unless the listings changed again). */
  async loaded(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /** Resolves when every fact change heard so far is in the index. */
  async settled(): Promise<void> {
    await this.loaded();
    while (this.#flushing) await this.#flushing;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    await this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.loaded().catch(() => undefined);
    this.#index = null;
  }

  #reload(): void {
    if (this.#closed || this.#loading || Date.now() - this.#lastLoadAt < this.#reloadGapMs) return;
    this.#lastLoadAt = Date.now();
    const generation = sharedCacheGeneration();
    this.#changedDuringLoad = new Set();
    const started = performance.now();
    this.#loading = loadFacetIndex()
      .then((index) => {
        if (this.#closed) return;
        this.#index = index;
        this.#generation = generation;
        this.#loads += 1;
        // Facts read before this snapshot must not stand in for newer ones the snapshot holds, nor older ones.
        for (const id of this.#changedDuringLoad) this.#pending.add(id);
        this.#flush();
        log.info("facet index loaded", { listings: index.size, ms: Math.round(performance.now() - started), current: generation === sharedCacheGeneration() });
      })
      .catch((error: unknown) => log.warn("cannot load the facet index; counting in PostgreSQL", { error }))
      .finally(() => {
        this.#loading = null;
      });
  }

  #factsChanged(id: string): void {
    if (this.#loading) this.#changedDuringLoad.add(id);
    this.#pending.add(id);
    this.#flush();
  }

  #flush(): void {
    if (this.#flushing || this.#pending.size === 0 || this.#closed) return;
    const ids = [...this.#pending];
    this.#pending.clear();
    const index = this.#index;
    this.#flushing = readFacts(ids)
      .then((rows) => index?.updateFacts(rows))
      .catch((error: unknown) => {
        log.warn("cannot read changed listing facts; the facet index is loaded again", { error });
        this.#index = null;
      })
      .finally(() => {
        this.#flushing = null;
        this.#flush();
      });
  }
}

/** Starts this process's facet index (instrumentation.ts); search counts facets from it once it is loaded. */
export async function startFacetIndex(options: LiveFacetIndexOptions = {}): Promise<LiveFacetIndex> {
  const holder = globalThis as Holder;
  const running = holder[KEY];
  if (running) return running;
  const live = new LiveFacetIndex(options);
  holder[KEY] = live;
  await live.start();
  return live;
}

/** Stops it (tests); search counts in PostgreSQL again. */
export async function stopFacetIndex(): Promise<void> {
  const holder = globalThis as Holder;
  const live = holder[KEY];
  delete holder[KEY];
  await live?.close();
}
