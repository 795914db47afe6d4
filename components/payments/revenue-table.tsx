import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import type { RevenueLine } from "@/lib/domain/payments/revenue";
import { moneyWords } from "@/lib/domain/payments/money-words";

const grants = (n: number) => `${n.toLocaleString("en-US")} grant${n === 1 ? "" : "s"}`;

/** What each plan's grants were paid, per currency, and what they still hold. */
export function RevenueTable({ lines }: { lines: RevenueLine[] }) {
  if (lines.length === 0) return <p className="rounded-lg border border-dashed border-border p-4 text-sm">No payment has granted anything yet.</p>;
  return (
    <div className="flex flex-col gap-2">
      <DataTable caption="Revenue and entitlements per plan and currency" columns={["Plan", "Paid", "Refunded", "Active grants", "Calls left"]}>
        {lines.map((line) => (
          <tr key={`${line.planId}:${line.currency}`} className={ROW_CLASS}>
            <th scope="row" className="py-2 pr-4 font-normal">
              <span className="block font-medium">{line.planWords ?? "A plan no service states any more"}</span>
              <code className="font-mono text-xs text-muted-foreground">{line.planId}</code>{" "}
              <span className="text-xs text-muted-foreground uppercase">{line.currency}</span>
            </th>
            <td className="py-2 pr-4 tabular-nums">
              {moneyWords(line.paidCents, line.currency)}
              <span className="block text-xs text-muted-foreground">{grants(line.paidGrants)}</span>
            </td>
            <td className="py-2 pr-4 tabular-nums">
              {line.refundedGrants === 0 ? (
                "—"
              ) : (
                <>
                  <span className="text-warning">{moneyWords(line.refundedCents, line.currency)} refunded</span>
                  <span className="block text-xs text-muted-foreground">{grants(line.refundedGrants)}</span>
                </>
              )}
            </td>
            <td className="py-2 pr-4 tabular-nums">{line.activeGrants.toLocaleString("en-US")}</td>
            <td className="py-2 tabular-nums">{line.planType === "subscription" ? "—" : line.callsLeft.toLocaleString("en-US")}</td>
          </tr>
        ))}
      </DataTable>
      <p className="text-xs text-muted-foreground">
        Amounts are what each grant&apos;s checkout was paid; subscription renewals are not added. Paid counts every grant that was not refunded.
      </p>
    </div>
  );
}
