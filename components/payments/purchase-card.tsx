import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { agentPath } from "@/lib/model/addresses/paths";
import { dateWords } from "@/lib/foundations/words/dates";
import type { EntitlementState } from "@/lib/domain/payments/entitlement-words";
import type { Purchase } from "@/lib/domain/payments/purchases";
import { When } from "./when";

const states: Record<EntitlementState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  used_up: { label: "Used up", tone: "neutral" },
  refunded: { label: "Refunded", tone: "warning" },
  ended: { label: "Ended", tone: "neutral" },
  payment_failed: { label: "Payment failed", tone: "danger" },
};

/** One thing the viewer bought: from whom, under which plan, what is left and what happened to it. */
export function PurchaseCard({ purchase, now }: { purchase: Purchase; now: Date }) {
  const state = states[purchase.state];
  const titleId = `purchase-${purchase.id}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {purchase.agent.listed ? (
              <>
                <Link href={agentPath(purchase.agent.handle)} className="text-accent underline">
                  {purchase.agent.displayName}
                </Link>{" "}
                <span className="font-normal break-all text-muted-foreground">{purchase.agent.handle}</span>
              </>
            ) : (
              "An agent no longer listed"
            )}
          </h2>
          <p className="mt-1 text-sm">{purchase.planWords}</p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      {purchase.leftWords !== state.label ? <p className="font-medium">{purchase.leftWords}</p> : null}
      <p className="text-sm text-muted-foreground">
        Paid {purchase.paid} on {dateWords(purchase.boughtAt)}
      </p>
      {purchase.events.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">What happened</h3>
          <ol className="mt-1 flex flex-col gap-1 text-sm">
            {purchase.events.map((event) => (
              <li key={event.id}>
                <span className="text-muted-foreground">
                  <When date={event.at} now={now} />
                </span>{" "}
                · {event.words}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </article>
  );
}
