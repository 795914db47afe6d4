// `next/server` for tests of server actions, as `vi.mock("next/server", () => import("@/lib/testing/deferred-after"))`:
// outside a request Next has no `after`, so the deferred work (finishing a run's record) starts at once, and a
// test that needs it finished awaits `settleDeferred()`.
const tasks: Promise<void>[] = [];

export function after(task: () => Promise<void>): void {
  tasks.push(task());
}

/** Waits for every deferred task started so far. */
export async function settleDeferred(): Promise<void> {
  await Promise.all(tasks.splice(0));
}
