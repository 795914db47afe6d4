import { versionEventWords, type VersionRow } from "@/lib/agents/version-queries";
import { dateTimeWords, whenWords } from "@/lib/payments/date-words";

/** The agent's versions, newest first: number, what happened, who and when. */
export function VersionList({ versions, now }: { versions: readonly VersionRow[]; now: Date }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Versions of this agent, newest first</caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-2 pr-4">
              Version
            </th>
            <th scope="col" className="py-2 pr-4">
              What happened
            </th>
            <th scope="col" className="py-2 pr-4">
              Who
            </th>
            <th scope="col" className="py-2">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.number} className="border-b border-border align-top">
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
        </tbody>
      </table>
    </div>
  );
}
