import "server-only";
import { listen, type Unsubscribe } from "@/lib/foundations/db/events";
import { ALL_TAG, agentTag, LIST_TAG } from "@/lib/model/addresses/cache-tags";
import { LISTINGS_CHANGED_CHANNEL, listingsWrittenOf, type ListingsWritten } from "@/lib/model/catalog/listing-changes";
import { findAgentHandles } from "./agent-handles";
import { log } from "@/lib/foundations/log";

// Forgets what the shared caches in front (Varnish: deploy/varnish) stored about listings that changed. One process
// (the worker, when EXPLORE_VARNISH_PURGE_URLS is set) hears every listing write on PostgreSQL's listings channel,
// turns the agents it names into the tags their answers carry (lib/model/addresses/cache-tags.ts: each agent's tag, and the
// list tag, since any write may change a search), and sends them to every Varnish as one PURGE per batch.
// An agent id it cannot map to a handle (a deleted agent), a write that names none, the start, and every gap
// in the event connection forget everything (ALL_TAG): what changed meanwhile is not known. Each purge is sent
// again a moment later: a page that began rendering before the write committed may be stored just after the first.

/** Writes heard within this long go out as one purge. */
const DEFAULT_BATCH_MS = 100;
/** Each purge is sent again after this long, to forget answers rendered while the write committed. */
const DEFAULT_REPEAT_MS = 2_000;
/** A Varnish that did not take a purge is sent it again after this long. */
const DEFAULT_RETRY_MS = 1_000;
/** Tags in one PURGE, so its header stays well inside Varnish's 8 KB limit. */
const TAGS_PER_PURGE = 100;
const PURGE_TIMEOUT_MS = 2_000;

export type CachePurgerOptions = {
  /** Each Varnish, as a base URL (http://varnish:8080). */
  urls: readonly string[];
  batchMs?: number;
  retryMs?: number;
  /** When each purge is sent again (ms after the first). */
  repeatMs?: number;
  /** The handles of agents by id (default: from the database); an id missing from the map is not known. */
  handlesOf?: (ids: string[]) => Promise<Map<string, string>>;
};

export type CachePurger = { close(): Promise<void> };

/** The tags a write's agents leave out of date, or everything when any of them is not known. */
export async function tagsOfWrite(agents: ReadonlySet<string> | null, handlesOf: (ids: string[]) => Promise<Map<string, string>>): Promise<string[]> {
  if (agents === null || agents.size === 0) return [ALL_TAG];
  const handles = await handlesOf([...agents]);
  const tags = [LIST_TAG];
  for (const id of agents) {
    const handle = handles.get(id);
    if (handle === undefined) return [ALL_TAG];
    tags.push(agentTag(handle));
  }
  return tags;
}

export function startCachePurger(options: CachePurgerOptions): CachePurger {
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const repeatMs = options.repeatMs ?? DEFAULT_REPEAT_MS;
  const handlesOf = options.handlesOf ?? findAgentHandles;
  const repeats = new Set<NodeJS.Timeout>();
  // Heard and not yet turned into tags: agent ids, or null for "everything".
  let heard: Set<string> | null = new Set();
  let anyHeard = false;
  // Tags waiting to be sent, per Varnish.
  const waiting = new Map<string, Set<string>>(options.urls.map((url) => [url, new Set()]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  let unsubscribe: Unsubscribe | null = null;

  function schedule(delay: number): void {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      // A flush that threw would otherwise leave the chain rejected, and no purge would ever be sent again.
      running = running.then(flush).catch((error: unknown) => log.error("cache purge: a flush failed", { error }));
    }, delay);
  }

  function note(written: ListingsWritten): void {
    anyHeard = true;
    if (written === null) heard = null;
    else if (heard !== null) for (const id of written) heard.add(id);
    schedule(batchMs);
  }

  function queue(tags: readonly string[]): void {
    for (const pending of waiting.values()) {
      if (tags.includes(ALL_TAG)) pending.clear();
      if (pending.has(ALL_TAG)) continue;
      for (const tag of tags) pending.add(tag);
    }
  }

  async function flush(): Promise<void> {
    if (anyHeard) {
      const agents = heard;
      heard = new Set();
      anyHeard = false;
      let tags: string[];
      try {
        tags = await tagsOfWrite(agents, handlesOf);
      } catch (error) {
        log.warn("cache purge: cannot read the written agents' handles; purging everything", { error });
        tags = [ALL_TAG];
      }
      queue(tags);
      const repeat = setTimeout(() => {
        repeats.delete(repeat);
        queue(tags);
        schedule(0);
      }, repeatMs);
      repeats.add(repeat);
    }
    let failed = false;
    await Promise.all(
      [...waiting].map(async ([url, pending]) => {
        if (pending.size === 0) return;
        const tags = pending.has(ALL_TAG) ? [ALL_TAG] : [...pending];
        pending.clear();
        try {
          for (let i = 0; i < tags.length; i += TAGS_PER_PURGE) await purge(url, tags.slice(i, i + TAGS_PER_PURGE));
        } catch (error) {
          failed = true;
          for (const tag of tags) pending.add(tag);
          log.warn("cache purge: a Varnish did not take it; sending it again", { url, error, retryMs });
        }
      }),
    );
    if (failed) schedule(retryMs);
  }

  async function purge(url: string, tags: string[]): Promise<void> {
    const response = await fetch(new URL("/", url), {
      method: "PURGE",
      headers: { "xkey-purge": tags.join(" ") },
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`PURGE answered ${response.status}`);
  }

  let retry: NodeJS.Timeout | undefined;
  async function start(): Promise<void> {
    try {
      const stop = await listen(LISTINGS_CHANGED_CHANNEL, (payload) => note(listingsWrittenOf(payload)), { onGap: () => note(null) });
      if (closed) return void (await stop());
      unsubscribe = stop;
      // Writes made before this process listened were purged by nobody.
      note(null);
    } catch (error) {
      log.warn("cache purge: cannot listen for listing changes yet; trying again", { error, retryMs });
      if (!closed) retry = setTimeout(() => void (starting = start()), retryMs);
    }
  }
  let starting = start();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(timer);
      timer = undefined;
      for (const repeat of repeats) clearTimeout(repeat);
      repeats.clear();
      await starting;
      await unsubscribe?.();
      unsubscribe = null;
      await running;
    },
  };
}
