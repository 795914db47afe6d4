import type { Viewer } from "@/lib/model/accounts/viewer";
import { changeNoticeFor } from "@/lib/domain/agents/change-notice";
import { findLastRunSince, findServiceChanges } from "@/lib/domain/agents/version-queries";
import { LocalTime } from "@/components/ui/local-time";
import { Section } from "@/components/ui/section";

type Service = { agentRowId: string; capabilityId: string; rowId: string };

/** The consumers' change log: what changed about data, price and plans, class and terms, with dates. */
export async function ServiceChangeLog({ service }: { service: Service }) {
  const changes = await findServiceChanges(service.agentRowId, service.capabilityId);
  return (
    <Section id="changes" title="Changes">
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes to its data handling, prices, class or terms since it was first published.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {changes.map((c) => (
            <li key={c.id} className="grid gap-1 border-b border-border pb-2 text-sm last:border-b-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <LocalTime iso={c.createdAt.toISOString()} className="text-muted-foreground" />
              <span>{c.words}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/**
 * "Data handling changed since your last run on …": for a signed-in viewer who ran the service in the last 90
 * days, before a change. Per viewer, so it is rendered only for a signed-in request (never shared).
 */
export async function ChangeNotice({ viewer, service }: { viewer: Viewer | null; service: Service }) {
  if (!viewer) return null;
  const [changes, lastRun] = await Promise.all([
    findServiceChanges(service.agentRowId, service.capabilityId),
    findLastRunSince(viewer.id, service.rowId, new Date()),
  ]);
  const notice = changeNoticeFor(changes, lastRun);
  if (!notice) return null;
  return (
    <div role="note" className="mb-6 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
      {notice.headlines.map((h) => (
        <p key={h} className="font-medium">
          {h} since your last run on <LocalTime iso={notice.lastRun.toISOString()} />.
        </p>
      ))}
      <p className="mt-1">
        <a href="#changes" className="text-accent underline">
          See what changed
        </a>
      </p>
    </div>
  );
}
