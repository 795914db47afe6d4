import type { RateLimiterRes } from "rate-limiter-flexible";

// A limit asked on every request of the public API counted in batches: this process decides each request at once
// from what it counted itself and what the shared count said at its last write, and adds its requests to the
// shared count (one statement per key) every few milliseconds. Another server's requests are seen a batch late,
// so a client may exceed its limit by what the servers let through in that time; then it is refused everywhere.

type Tally = {
  /** The shared count for the key in its window, as the last write read it back. */
  shared: number;
  /** Counted here, being written. */
  writing: number;
  /** Counted here, not written yet. */
  pending: number;
  /** When the window ends (ms since the epoch): the shared count's, or this process's guess before its first write. */
  endsAt: number;
};

type Decision = { ok: true } | { ok: false; msBeforeNext: number };

/** Adds `points` to the shared count of `key`; the count and its window as they now stand (over the limit too). */
type WriteCount = (key: string, points: number) => Promise<RateLimiterRes>;

export class BatchedCount {
  readonly #tallies = new Map<string, Tally>();
  /** The keys counted since the last write: a write visits these, not every client of the window. */
  readonly #counted = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #written: Promise<void> = Promise.resolve();
  /** When the tallies of ended windows are next let go (once a window, not at every write). */
  #sweepAt = 0;

  constructor(
    private readonly rule: { points: number; durationMs: number },
    private readonly write: WriteCount,
    private readonly everyMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Counts one request of `key` when its window has room, else says how long until it ends. */
  take(key: string): Decision {
    const now = Date.now();
    let tally = this.#tallies.get(key);
    if (!tally) {
      tally = { shared: 0, writing: 0, pending: 0, endsAt: now + this.rule.durationMs };
      this.#tallies.set(key, tally);
    } else if (now >= tally.endsAt) {
      // What was counted belonged to the window that ended (a write's window is the shared count's own).
      tally.shared = 0;
      tally.pending = 0;
      tally.endsAt = now + this.rule.durationMs;
    }
    if (tally.shared + tally.writing + tally.pending >= this.rule.points) return { ok: false, msBeforeNext: tally.endsAt - now };
    tally.pending += 1;
    this.#counted.add(key);
    this.#timer ??= setTimeout(() => void this.flush(), this.everyMs).unref();
    return { ok: true };
  }

  /** Writes what was counted here since the last write (also done every `everyMs` after a request). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#written = this.#written.then(() => this.#writeAll());
    return this.#written;
  }

  async #writeAll(): Promise<void> {
    const now = Date.now();
    if (now >= this.#sweepAt) {
      for (const [key, tally] of this.#tallies) if (tally.pending === 0 && now >= tally.endsAt) this.#tallies.delete(key);
      this.#sweepAt = now + this.rule.durationMs;
    }
    const writes: Promise<void>[] = [];
    for (const key of this.#counted) {
      const tally = this.#tallies.get(key);
      if (tally && tally.pending > 0) writes.push(this.#writeOne(key, tally));
    }
    this.#counted.clear();
    await Promise.all(writes);
  }

  async #writeOne(key: string, tally: Tally): Promise<void> {
    tally.writing = tally.pending;
    tally.pending = 0;
    try {
      const count = await this.write(key, tally.writing);
      tally.shared = count.consumedPoints;
      tally.endsAt = Date.now() + count.msBeforeNext;
    } catch (error) {
      // Not written anywhere: this process keeps counting them as its own until the window ends.
      tally.shared += tally.writing;
      this.failed(error);
    } finally {
      tally.writing = 0;
    }
  }
}
