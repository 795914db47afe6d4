// How many sample tests may run at once: per adapter and in all. Pure bookkeeping; the worker asks
// before starting a test and reports when it ends.

export class AdapterLimiter {
  private readonly byAdapter = new Map<string, number>();
  private runningTotal = 0;

  constructor(
    readonly perAdapter: number,
    readonly total: number,
  ) {}

  get running(): number {
    return this.runningTotal;
  }

  runningFor(adapter: string): number {
    return this.byAdapter.get(adapter) ?? 0;
  }

  canStart(adapter: string): boolean {
    return this.runningTotal < this.total && this.runningFor(adapter) < this.perAdapter;
  }

  /** Takes a slot; false (and nothing taken) when either limit is reached. */
  tryStart(adapter: string): boolean {
    if (!this.canStart(adapter)) return false;
    this.byAdapter.set(adapter, this.runningFor(adapter) + 1);
    this.runningTotal += 1;
    return true;
  }

  finish(adapter: string): void {
    const n = this.runningFor(adapter);
    if (n <= 0) throw new Error(`no test was running for ${adapter}`);
    if (n === 1) this.byAdapter.delete(adapter);
    else this.byAdapter.set(adapter, n - 1);
    this.runningTotal -= 1;
  }
}
