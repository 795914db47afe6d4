import pg from "pg";
import { forgetSharedResponses, LISTINGS_CHANGED_CHANNEL } from "./shared-cache-generation";

// The web server listens for listing writes made anywhere — this process, another web server, the CLI's
// import — and forgets what it shared (lib/http/shared-cache.ts). Writers NOTIFY inside their transaction,
// so the message arrives only once the write is committed. While the connection is down nothing can be
// heard, so every (re)connection forgets everything too.

export type ListingsChangedListener = { close(): Promise<void> };

export function listenForListingChanges(databaseUrl: string, options: { retryMs?: number; onChange?: () => void } = {}): ListingsChangedListener {
  const retryMs = options.retryMs ?? 1000;
  const changed = () => {
    forgetSharedResponses();
    options.onChange?.();
  };
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  /** Connects again later, once per lost connection. */
  const retry = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === LISTINGS_CHANGED_CHANNEL) changed();
    });
    next.on("error", () => undefined);
    next.once("end", () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LISTINGS_CHANGED_CHANNEL}`);
      changed();
    } catch {
      retry(next);
      await next.end().catch(() => undefined);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
