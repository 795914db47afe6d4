// A server's CPU time and memory, read from /proc (Linux), counting the processes below it: the web server runs
// under a shell, and PostgreSQL forks a process per connection. CPU time is the figure that survives a shared
// machine whose speed drifts: a request's cost in CPU does not depend on how many requests waited beside it.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

function read(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // the process ended while being read
  }
}

/** The fields of /proc/PID/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number): string[] {
  const stat = read(`/proc/${pid}/stat`);
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The process that started `pid`. */
export function parentOf(pid: number): number {
  return Number(statFields(pid)[1]);
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(parents.get(tree[i] ?? 0) ?? []));
  return tree;
}

/** CPU seconds the tree has used so far: user and system time, with its ended children's. */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const fields = statFields(p);
    // proc(5) fields 14-17: utime, stime, cutime, cstime.
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Resident memory of the tree, in MB. */
export function treeResidentMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) kb += Number(/VmRSS:\s+(\d+)/.exec(read(`/proc/${p}/status`))?.[1] ?? 0);
  return kb / 1024;
}
