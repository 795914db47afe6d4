import "server-only";
import { log } from "@/lib/foundations/log";
import { afterListingsWritten, answerWithheld, listingsWrittenSince, listingsGeneration } from "@/lib/model/catalog/listing-changes";
import { loadSharedIndex, patchSharedIndex, readFacts, type LoadTimings } from "./load";
import { sharedPool } from "@/lib/foundations/db/pool";
import type { SharedIndex } from "./shared-index";

// The web process's index of what the shared audiences see (shared-index.ts), kept current:
// - Loaded from one snapshot of PostgreSQL (a REPEATABLE READ transaction), so listings and postings agree.
// - A listing write anywhere moves the listings' generation (lib/model/catalog/listing-change-listener.ts). The write names
//   the agents it changed (lib/model/catalog/listing-writes.ts): those agents' listings are read again at once and
//   patched in (SharedIndex.patch), milliseconds later, and until then searches are answered from
//   the index with those agents' listings withheld (what a write hid is hidden at once; what it added or
//   changed appears when the patch lands). A write that names
//   none, a gap, or a patch that does not fit asks for a fresh load (at most one at a time, and not sooner
//   than `reloadGapMs` after the last one); until it lands search asks PostgreSQL, as it does while the first
//   load runs.
// - Runs, the reputation and the dates of the latest test and pass change without a listing write, and are
//   read again every `factsRefreshMs` (5 minutes), FACTS_BATCH listings a read. A sample test that changes
//   what a listing shows ("sample-tested", "not currently passing", "unreachable") announces a listing write
//   for its agent (lib/domain/sample-tests/label-changes.ts), so those are patched in milliseconds later.
// It lives on globalThis: instrumentation.ts starts it, and Next bundles its own copy of this module for pages
// and routes.

const KEY = Symbol.for("explore.search.sharedIndex");
type Holder = { [KEY]?: LiveSharedIndex };

/**
 * For /api/health: whether search answers from memory now ("current"), from memory withholding the listings
 * written a moment ago until they are patched in ("patching"), once loaded ("loading"), or never ("off").
 */
export function sharedIndexState(): { state: "off" | "loading" | "patching" | "current"; listings: number | null } {
  const live = (globalThis as Holder)[KEY];
  if (live === undefined) return { state: "off", listings: null };
  const index = live.held();
  if (index) return { state: "current", listings: index.size };
  return live.patching() ? { state: "patching", listings: null } : { state: "loading", listings: null };
}

/**
 * The index to count with now, or null (not started, loading, or the listings changed since it was loaded in a
 * way a patch does not take in). While a patch is read it withholds the written agents' listings.
 */
export function currentSharedIndex(): SharedIndex | null {
  return (globalThis as Holder)[KEY]?.current() ?? null;
}

export type LiveSharedIndexOptions = {
  reloadGapMs?: number;
  factsRefreshMs?: number;
  /**
   * Resolves once the process hears listing writes (listing-change-listener.ts). The first load waits for it: a
   * load begun before would miss the writes made in between, and connecting counts as writes not known, so it
   * would be thrown away when it ends and made again (twice the start at a million listings).
   */
  listening?: Promise<unknown>;
};
/** Tries of a misplaced patch (50, 100, … ms apart) before the index is loaded again. */
const MISPLACED_TRIES = 5;

/** Changed listings whose facts are read again in one statement. */
const FACTS_BATCH = 5_000;

export class LiveSharedIndex {
  readonly #reloadGapMs: number;
  readonly #factsRefreshMs: number;
  #index: SharedIndex | null = null;
  /** The listings' generation the index holds: loaded at, or patched up to. */
  #generation = -1;
  /** The generation whose writes since #generation the index withholds (SharedIndex.withhold). */
  #withheldAt = -1;
  /** Patches misplaced in a row (PatchOutcome), and the timer that tries again. */
  #misplaced = 0;
  #retryPatch: NodeJS.Timeout | undefined;
  #loading: Promise<void> | null = null;
  #lastLoadAt = Number.NEGATIVE_INFINITY;
  #loads = 0;
  #patches = 0;
  /** Listings whose facts are to be read again. */
  #pending = new Set<string>();
  /**
   * A patch or a read of facts under way: one at a time, so facts read before a patch's snapshot never land
   * after it (and the reverse).
   */
  #busy: Promise<void> | null = null;
  #started = false;
  #refreshTimer: NodeJS.Timeout | undefined;
  /** A load waiting for the gap since the last one to pass. */
  #reloadTimer: NodeJS.Timeout | undefined;
  #stopHearingWrites: (() => void) | null = null;
  #closed = false;
  /** Whether loads may begin: once the process hears listing writes. */
  #hearing = false;
  readonly #listening: Promise<unknown> | undefined;

  constructor(options: LiveSharedIndexOptions = {}) {
    this.#reloadGapMs = options.reloadGapMs ?? 10_000;
    this.#factsRefreshMs = options.factsRefreshMs ?? 300_000;
    this.#listening = options.listening;
  }

  /** Hears this process's listing writes, starts reading facts again on its timer, and loads; `loaded` tells when. */
  async start(): Promise<void> {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#stopHearingWrites = afterListingsWritten(() => {
      // Called in the writer's turn, after its commit: a failure here must not fail the write.
      try {
        this.#next();
      } catch (error) {
        log.warn("cannot start reading the written listings; the next search tries again", { error });
      }
    });
    this.#refreshTimer = setInterval(() => this.refreshFacts(), this.#factsRefreshMs);
    this.#refreshTimer.unref();
    const begin = () => {
      this.#hearing = true;
      this.#reload();
    };
    if (this.#listening) void this.#listening.then(begin);
    else begin();
  }

  /** Reads every held listing's facts again (its timer; tests), a batch at a time between other work. */
  refreshFacts(): void {
    const index = this.#index;
    if (index === null || this.#loading) return;
    for (const id of index.ids()) this.#pending.add(id);
    this.#next();
  }

  /** The index if it is current, without asking for a load. */
  held(): SharedIndex | null {
    return this.#started && this.#generation === listingsGeneration() ? this.#index : null;
  }

  /** Not current, and the writes since its generation will be patched in (not loaded). */
  patching(): boolean {
    return this.#toPatch() !== null;
  }

  /** The agents written since the index's generation, when it is behind and a patch will take them in; else null. */
  #toPatch(): Set<string> | null {
    if (!this.#started || this.#index === null || this.#generation === listingsGeneration()) return null;
    return listingsWrittenSince(this.#generation);
  }

  current(): SharedIndex | null {
    if (!this.#started) return null;
    const [index, generation] = [this.#index, listingsGeneration()];
    if (index !== null && this.#generation === generation) return index;
    const written = this.#toPatch();
    if (index === null || written === null) {
      // Not used again: let it go before the next one is built, rather than hold both.
      this.#index = null;
      this.#reload();
      return null;
    }
    if (this.#withheldAt !== generation) {
      index.withhold(written);
      this.#withheldAt = generation;
    }
    answerWithheld();
    this.#next();
    return index;
  }

  /** How many loads have been installed (operations, tests). */
  get loads(): number {
    return this.#loads;
  }

  /** How many writes have been patched in without a load (operations, tests). */
  get patches(): number {
    return this.#patches;
  }

  /** Resolves when no load is running (tests: then `current()` answers, unless the listings changed again). */
  async loaded(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /** Resolves when every write and fact change heard so far is in the index. */
  async settled(): Promise<void> {
    await this.loaded();
    this.#next();
    while (this.#busy) await this.#busy;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#started = false;
    clearInterval(this.#refreshTimer);
    clearTimeout(this.#reloadTimer);
    clearTimeout(this.#retryPatch);
    this.#stopHearingWrites?.();
    await this.loaded().catch(() => undefined);
    while (this.#busy) await this.#busy;
    this.#index = null;
  }

  #reload(): void {
    if (this.#closed || this.#loading || !this.#hearing) return;
    const wait = this.#lastLoadAt + this.#reloadGapMs - Date.now();
    if (wait > 0) {
      // Not sooner than the gap, but then by itself: no search may come to ask (a quiet instance would stay
      // without an index, its health saying "loading").
      this.#reloadTimer ??= setTimeout(() => {
        this.#reloadTimer = undefined;
        if (this.#index === null) this.#reload();
      }, wait);
      this.#reloadTimer.unref();
      return;
    }
    this.#lastLoadAt = Date.now();
    const generation = listingsGeneration();
    const started = performance.now();
    const timings: LoadTimings = { namesMs: 0, waitingMs: 0 };
    this.#loading = loadSharedIndex({ timings })
      .then((index) => {
        if (this.#closed) return;
        this.#index = index;
        this.#generation = generation;
        this.#withheldAt = -1;
        this.#misplaced = 0;
        this.#loads += 1;
        // The snapshot holds newer facts than any read before it.
        this.#pending.clear();
        log.info("search index loaded", {
          listings: index.size,
          ms: Math.round(performance.now() - started),
          namesMs: Math.round(timings.namesMs),
          waitingForChunksMs: Math.round(timings.waitingMs),
          current: generation === listingsGeneration(),
        });
      })
      .catch((error: unknown) => log.warn("cannot load the search index; searching in PostgreSQL", { error }))
      .finally(() => {
        this.#loading = null;
        // By itself, for no search may come to ask: writes heard while it loaded are patched in next (#next does
        // nothing while #loading is set), and a load that failed is tried again after the gap.
        if (this.#index === null) this.#reload();
        else this.#next();
      });
  }

  /** Starts the next piece of work, if none is under way: a patch when the index is behind, else a read of facts. */
  #next(): void {
    if (this.#busy || this.#closed || this.#loading || this.#index === null) return;
    const index = this.#index;
    const work = this.#generation !== listingsGeneration() ? this.#patch(index) : this.#flush(index);
    if (!work) return;
    this.#busy = work
      .catch((error: unknown) => {
        log.warn("cannot bring the search index up to date; it is loaded again", { error });
        if (this.#index === index) this.#index = null;
      })
      .finally(() => {
        this.#busy = null;
        this.#next();
      });
  }

  /**
   * Patches in the agents written since the index's generation. Loads it again instead when that is not known,
   * when the patch does not fit, or when it stays misplaced: a neighbour the index does not hold as PostgreSQL
   * does is a write not heard of yet, which a try a little later includes.
   */
  #patch(index: SharedIndex): Promise<void> | null {
    if (this.#retryPatch) return null;
    const generation = listingsGeneration();
    const agents = listingsWrittenSince(this.#generation);
    if (agents === null) {
      this.#index = null;
      this.#reload();
      return null;
    }
    const started = performance.now();
    return patchSharedIndex(index, [...agents], sharedPool()).then((outcome) => {
      if (this.#index !== index) return;
      if (outcome === "patched") {
        this.#generation = generation;
        // What was written after this patch's snapshot is still withheld; nothing is once the index is current.
        index.withhold(listingsWrittenSince(generation) ?? new Set());
        this.#withheldAt = listingsGeneration();
        this.#patches += 1;
        this.#misplaced = 0;
        log.info("search index patched", { agents: agents.size, ms: Math.round(performance.now() - started) });
        return;
      }
      if (outcome === "misplaced" && this.#misplaced < MISPLACED_TRIES) {
        this.#misplaced += 1;
        this.#retryPatch = setTimeout(() => {
          this.#retryPatch = undefined;
          this.#next();
        }, 50 * this.#misplaced);
        this.#retryPatch.unref();
        return;
      }
      log.info("search index cannot take in the written listings; loading it again", { outcome, listings: index.size });
      this.#index = null;
      this.#reload();
    });
  }

  #flush(index: SharedIndex): Promise<void> | null {
    if (this.#pending.size === 0) return null;
    // At most FACTS_BATCH a read: the worker's move of the 30-day window can change thousands at once.
    const ids: string[] = [];
    for (const id of this.#pending) {
      ids.push(id);
      if (ids.length === FACTS_BATCH) break;
    }
    for (const id of ids) this.#pending.delete(id);
    return readFacts(ids).then((rows) => index.updateFacts(rows));
  }
}

/** Starts this process's shared index (instrumentation.ts); search answers from it once it is loaded. */
export async function startSharedIndex(options: LiveSharedIndexOptions = {}): Promise<LiveSharedIndex> {
  const holder = globalThis as Holder;
  const running = holder[KEY];
  if (running) return running;
  const live = new LiveSharedIndex(options);
  holder[KEY] = live;
  await live.start();
  return live;
}

/** Stops it (tests); search asks PostgreSQL again. */
export async function stopSharedIndex(): Promise<void> {
  const holder = globalThis as Holder;
  const live = holder[KEY];
  delete holder[KEY];
  await live?.close();
}
