import { listen, type Unsubscribe } from "@/lib/foundations/db/events";
import { log } from "@/lib/foundations/log";
import { LISTINGS_CHANGED_CHANNEL, listingsWrittenOf, noteListingsWritten, sentHere, type ListingsWritten } from "./listing-changes";

// A web process hears listing writes made anywhere — another web instance, the worker, the CLI's import — and
// moves its listings' generation (listing-changes.ts). Writers NOTIFY inside their transaction, so the message
// arrives only once the write is committed. It listens on the process's one event connection (lib/foundations/db/events.ts);
// while that is down nothing can be heard, so connecting and every gap count as writes of agents not known. This
// process's own writes, coming back, were noted when they committed.

export type ListingsChangedListener = {
  /** Resolves once listening: from then on every write is heard (or counted as not known, in a gap). */
  listening: Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts listening in the background. A first connection that fails is tried again every `retryMs`; once
 * listening, the event connection reconnects by itself.
 */
export function listenForListingChanges(options: { retryMs?: number; onChange?: () => void } = {}): ListingsChangedListener {
  const retryMs = options.retryMs ?? 1000;
  const changed = (written: ListingsWritten) => {
    noteListingsWritten(written);
    options.onChange?.();
  };
  const missed = () => changed(null);
  let unsubscribe: Unsubscribe | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let nowListening = () => {};
  const listening = new Promise<void>((resolve) => (nowListening = resolve));

  async function start(): Promise<void> {
    try {
      const heard = (payload: string) => (sentHere(payload) ? options.onChange?.() : changed(listingsWrittenOf(payload)));
      const stop = await listen(LISTINGS_CHANGED_CHANNEL, heard, { onGap: missed });
      if (closed) {
        await stop();
        return;
      }
      unsubscribe = stop;
      missed();
      nowListening();
    } catch (error) {
      log.warn("cannot listen for listing changes yet; trying again", { error, retryMs });
      if (!closed) timer = setTimeout(() => (starting = start()), retryMs);
    }
  }

  let starting = start();
  return {
    listening,
    async close() {
      closed = true;
      clearTimeout(timer);
      await starting;
      await unsubscribe?.();
      unsubscribe = null;
    },
  };
}
