import Link from "next/link";
import { decideNetworkReportAction } from "@/lib/domain/network/directory-actions";
import type { NetworkReportView } from "@/lib/domain/network/reports";

// The network's open reports in the moderation queue: agents' reports through /mcp (quarantined: shown here only)
// and people's reports of directory profiles, which an administrator may settle by hiding the profile.

const KIND_WORDS: Record<string, string> = {
  bug: "Bug (agent, /mcp)",
  feature: "Feature request (agent, /mcp)",
  capability: "Capability request (agent, /mcp)",
  security: "Security problem (agent, /mcp)",
  other: "Other (agent, /mcp)",
  profile: "Directory profile",
};

export function NetworkReports({ reports }: { reports: NetworkReportView[] }) {
  if (reports.length === 0) return <p>No open report from the network.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {reports.map((r) => (
        <li key={r.id} className="rounded-lg border border-border bg-surface p-4 text-sm">
          <p>
            <span className="font-medium">{KIND_WORDS[r.kind] ?? r.kind}</span>
            {r.subjectKey ? (
              <>
                {" "}
                of{" "}
                <Link href={`/directory?q=${encodeURIComponent(r.subjectKey)}`} className="text-accent underline">
                  {r.subjectKey}
                </Link>
              </>
            ) : null}{" "}
            <time dateTime={r.createdAt.toISOString()} className="text-muted-foreground">
              {r.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{r.text}</p>
          <div className="mt-2 flex gap-2">
            {r.subjectKey ? (
              <form action={decideNetworkReportAction}>
                <input type="hidden" name="id" value={r.id} />
                <input type="hidden" name="decision" value="hide" />
                <button type="submit" className="h-8 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted">
                  Hide the profile of {r.subjectKey}
                </button>
              </form>
            ) : null}
            <form action={decideNetworkReportAction}>
              <input type="hidden" name="id" value={r.id} />
              <input type="hidden" name="decision" value="dismiss" />
              <button type="submit" className="h-8 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted">
                {r.subjectKey ? "Dismiss" : "Mark as read"}
              </button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}
