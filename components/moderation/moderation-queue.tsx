import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { CELL_CLASS, DataTable, LAST_CELL_CLASS, ROW_CLASS } from "@/components/ui/data-table";
import type { LoggedDecision, QueueItem } from "@/lib/domain/moderation/queries";
import { REPORT_REASON_WORDS } from "@/lib/domain/moderation/reasons";
import { servicePath } from "@/lib/model/addresses/paths";
import { DismissReportForm, ReinstateListingForm, SuspendListingForm } from "./decision-forms";

function ListingHeading({ item }: { item: QueueItem }) {
  return (
    <h3 className="text-base font-semibold">
      <Link href={servicePath(item.handle, item.capabilityId)} className="text-accent underline">
        {item.name}
      </Link>{" "}
      <span className="font-normal text-muted-foreground">
        {item.handle} · <code className="font-mono text-xs">{item.capabilityId}</code>
      </span>{" "}
      {item.contentRating === "mature" ? <Badge tone="warning">18+: {item.matureReasons.join(", ")}</Badge> : null}{" "}
      {item.suspended ? <Badge tone="danger">Suspended</Badge> : null}
    </h3>
  );
}

export function ModerationQueue({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return <p>No open reports.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {items.map((item) => (
        <li key={`${item.handle}/${item.capabilityId}`} className="rounded-lg border border-border bg-surface p-4">
          <ListingHeading item={item} />
          <ul className="mt-3 flex flex-col gap-3">
            {item.reports.map((r) => (
              <li key={r.id} className="border-l-2 border-border pl-3 text-sm">
                <p>
                  <span className="font-medium">{REPORT_REASON_WORDS[r.reason].label}</span>{" "}
                  <time dateTime={r.createdAt.toISOString()} className="text-muted-foreground">
                    {r.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC
                  </time>
                </p>
                {r.comment ? <p className="mt-1 whitespace-pre-wrap">{r.comment}</p> : null}
                <div className="mt-2">
                  <DismissReportForm reportId={r.id} label={`${REPORT_REASON_WORDS[r.reason].label} report on ${item.name}`} />
                </div>
              </li>
            ))}
          </ul>
          {item.suspended ? null : (
            <div className="mt-4">
              <SuspendListingForm handle={item.handle} capabilityId={item.capabilityId} name={item.name} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SuspendedListings({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return <p>No listing is suspended.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={`${item.handle}/${item.capabilityId}`} className="rounded-lg border border-border bg-surface p-4">
          <ListingHeading item={item} />
          <p className="mt-1 text-sm">Reason: {item.suspended?.reason ?? "none given"}</p>
          <div className="mt-2">
            <ReinstateListingForm handle={item.handle} capabilityId={item.capabilityId} name={item.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DecisionLog({ decisions }: { decisions: LoggedDecision[] }) {
  if (decisions.length === 0) return <p>No decisions yet.</p>;
  return (
    <DataTable caption="Moderation decisions, newest first" columns={["When (UTC)", "Who", "Decision", "Listing", "Reason"]}>
      {decisions.map((d) => (
        <tr key={d.id} className={ROW_CLASS}>
          <td className={CELL_CLASS}>{d.createdAt.toISOString().slice(0, 16).replace("T", " ")}</td>
          <td className={CELL_CLASS}>{d.adminEmail}</td>
          <td className={CELL_CLASS}>{d.action.replace(/_/g, " ")}</td>
          <td className={CELL_CLASS}>{d.agentHandle ? `${d.agentHandle}/${d.capabilityId ?? ""}` : "—"}</td>
          <td className={LAST_CELL_CLASS}>{d.reason ?? "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
