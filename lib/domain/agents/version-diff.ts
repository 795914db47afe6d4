import { diffLines } from "diff";

// The diff between two versions' agent.json: a line diff of the pretty-printed JSON (the `diff` package), with
// long unchanged stretches folded to a few lines of context around each change.

export type DiffLine = { kind: "added" | "removed" | "same"; text: string } | { kind: "folded"; count: number };

const CONTEXT = 3;

export function prettyJson(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The lines from `before` to `after`, unchanged runs longer than the context folded. */
export function documentDiff(before: unknown, after: unknown): DiffLine[] {
  const lines: { kind: "added" | "removed" | "same"; text: string }[] = [];
  for (const part of diffLines(prettyJson(before), prettyJson(after))) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    for (const text of part.value.replace(/\n$/, "").split("\n")) lines.push({ kind, text });
  }
  const changed = lines.map((l) => l.kind !== "same");
  const near = (i: number) => changed.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some(Boolean);
  const out: DiffLine[] = [];
  let folded = 0;
  lines.forEach((line, i) => {
    if (line.kind === "same" && !near(i)) {
      folded += 1;
      return;
    }
    if (folded > 0) out.push({ kind: "folded", count: folded });
    folded = 0;
    out.push(line);
  });
  if (folded > 0) out.push({ kind: "folded", count: folded });
  return out;
}

/** How many lines were added and removed. */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((l) => l.kind === "added").length,
    removed: lines.filter((l) => l.kind === "removed").length,
  };
}
