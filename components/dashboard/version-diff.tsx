import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { controlClassName } from "@/components/ui/input";
import { classNames } from "@/components/ui/class-names";
import { diffCounts, type DiffLine } from "@/lib/domain/agents/version-diff";
import { versionsDashboardPath } from "@/lib/domain/agents/version-paths";

const lineStyles = {
  added: "bg-success/10 text-success",
  removed: "bg-danger/10 text-danger",
  same: "text-foreground",
} as const;

// Marked with a sign and a word for screen readers, not by colour alone.
const signs = { added: "+", removed: "−", same: " " } as const;
const spoken = { added: "Added: ", removed: "Removed: ", same: "" } as const;

/** A GET form (works without JavaScript) choosing two versions, and the line diff of their agent.json. */
export function VersionDiff({
  handle,
  numbers,
  from,
  to,
  lines,
}: {
  handle: string;
  numbers: readonly number[];
  from: number;
  to: number;
  lines: readonly DiffLine[];
}) {
  const counts = diffCounts(lines);
  return (
    <div className="flex flex-col gap-4">
      <form method="get" action={versionsDashboardPath(handle)} className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="diff-from">From version</Label>
          <select id="diff-from" name="from" defaultValue={String(from)} className={classNames(controlClassName, "mt-1 h-10 w-28")}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="diff-to">To version</Label>
          <select id="diff-to" name="to" defaultValue={String(to)} className={classNames(controlClassName, "mt-1 h-10 w-28")}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Compare
        </Button>
      </form>
      <p className="text-sm" aria-live="polite">
        {counts.added === 0 && counts.removed === 0
          ? `Versions ${from} and ${to} store the same agent.json.`
          : `From version ${from} to ${to}: ${counts.added} line${counts.added === 1 ? "" : "s"} added, ${counts.removed} removed.`}
      </p>
      {lines.length > 0 && (counts.added > 0 || counts.removed > 0) ? (
        <div className="overflow-x-auto rounded-md border border-border bg-card">
          <ol aria-label={`Changes from version ${from} to ${to}`} className="min-w-max py-2 font-mono text-xs leading-5">
            {lines.map((line, i) =>
              line.kind === "folded" ? (
                <li key={i} className="px-3 text-muted-foreground italic">
                  … {line.count} unchanged line{line.count === 1 ? "" : "s"}
                </li>
              ) : (
                <li key={i} className={classNames("px-3 whitespace-pre", lineStyles[line.kind])}>
                  <span aria-hidden="true" className="inline-block w-4 select-none">
                    {signs[line.kind]}
                  </span>
                  <span className="sr-only">{spoken[line.kind]}</span>
                  {line.text}
                </li>
              ),
            )}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
