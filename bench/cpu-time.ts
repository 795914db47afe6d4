// CPU time a server used, read from /proc (Linux): the figure that survives a shared machine whose speed drifts,
// since a request's cost in CPU does not depend on how many requests were waiting beside it.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by `pid` and every process below it (user and system time). */
export function treeCpuSeconds(pid: number): number {
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while being read
    }
    // Fields after the command name, which may itself hold spaces and parentheses: state, parent, …, utime, stime.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    processes.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let ticks = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    ticks += processes.get(next)?.ticks ?? 0;
    for (const [child, { parent }] of processes) if (parent === next) queue.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}
