import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import { versionEventWords, type VersionRow } from "@/lib/domain/agents/version-queries";
import { dateTimeWords, whenWords } from "@/lib/foundations/words/dates";

/** The agent's versions, newest first: number, what happened, who and when. */
export function VersionList({ versions, now }: { versions: readonly VersionRow[]; now: Date }) {
  return (
    <DataTable caption="Versions of this agent, newest first" columns={["Version", "What happened", "Who", "When"]} tableClassName="min-w-[32rem]">
      {versions.map((v) => (
        <tr key={v.number} className={ROW_CLASS}>
          <td className="py-2 pr-4 font-mono">{v.number}</td>
          <td className="py-2 pr-4">
            {versionEventWords[v.event]}
            {v.capabilityId ? <span className="text-muted-foreground"> ({v.capabilityId})</span> : null}
          </td>
          <td className="py-2 pr-4 break-all">{v.who ?? "A former account"}</td>
          <td className="py-2">
            <time dateTime={v.createdAt.toISOString()} title={dateTimeWords(v.createdAt)}>
              {whenWords(v.createdAt, now)}
            </time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
