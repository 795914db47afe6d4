import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import type { PaymentEvent } from "@/lib/domain/payments/revenue";
import { OutcomeBadge } from "./outcome-badge";
import { When } from "./when";

/** The latest Stripe events, newest first; mismatches stand out, as they need the publisher. */
export function StripeEventsTable({ events, now }: { events: PaymentEvent[]; now: Date }) {
  if (events.length === 0) return <p className="rounded-lg border border-dashed border-border p-4 text-sm">No Stripe event has been received yet.</p>;
  return (
    <DataTable caption={`The latest ${events.length} Stripe events, newest first`} columns={["Received", "Type", "Outcome", "What Explore did", "Plan"]}>
      {events.map((event) => (
        <tr key={event.id} className={event.outcome === "mismatch" ? `${ROW_CLASS} bg-warning/10` : ROW_CLASS}>
          <td className="py-2 pr-4 pl-1 whitespace-nowrap">
            <When date={event.receivedAt} now={now} />
          </td>
          <td className="py-2 pr-4">
            <code className="font-mono text-xs break-all">{event.type}</code>
          </td>
          <td className="py-2 pr-4">
            <OutcomeBadge outcome={event.outcome} />
          </td>
          <td className="py-2 pr-4 min-w-[12rem]">{event.message}</td>
          <td className="py-2">{event.planId === null ? "—" : (event.planWords ?? <code className="font-mono text-xs">{event.planId}</code>)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
