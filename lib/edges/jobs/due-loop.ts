// The worker's one polling loop: every `intervalMs` it turns due rows into queue jobs (`enqueue`), and every
// few minutes it first does its housekeeping. Both are the caller's and log their own failures; a failure
// never stops the loop. stop() wakes it and waits for the round in progress to finish.

const HOUSEKEEPING_EVERY_MS = 5 * 60_000;

export type DueLoop = { stop(): Promise<void> };

export function startDueLoop(opts: { intervalMs: number; housekeeping: () => Promise<void>; enqueue: () => Promise<void> }): DueLoop {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    let lastHousekeeping = 0;
    while (!stopping) {
      if (Date.now() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
        lastHousekeeping = Date.now();
        await opts.housekeeping();
      }
      await opts.enqueue();
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, opts.intervalMs);
      });
    }
  })();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wake();
      await loop;
    },
  };
}
