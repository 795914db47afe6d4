import type { WebhookHealth as Health } from "@/lib/domain/payments/revenue";
import { When } from "./when";

/** When Stripe was last heard from, and how many deliveries failed their signature check. */
export function WebhookHealth({ health, now }: { health: Health; now: Date }) {
  const { lastEventAt, lastFailureAt, signatureFailures } = health;
  const failingNow = lastFailureAt !== null && (lastEventAt === null || lastFailureAt > lastEventAt);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-md border border-border p-3">
          <dt className="text-muted-foreground">Last event</dt>
          <dd className="mt-1 font-medium">{lastEventAt ? <When date={lastEventAt} now={now} /> : "None yet"}</dd>
        </div>
        <div className="rounded-md border border-border p-3">
          <dt className="text-muted-foreground">Signature failures since this secret was set</dt>
          <dd className={signatureFailures > 0 ? "mt-1 font-medium text-warning" : "mt-1 font-medium"}>{signatureFailures.toLocaleString("en-US")}</dd>
        </div>
        <div className="rounded-md border border-border p-3">
          <dt className="text-muted-foreground">Last failure</dt>
          <dd className="mt-1 font-medium">{lastFailureAt ? <When date={lastFailureAt} now={now} /> : "None"}</dd>
        </div>
      </dl>
      {failingNow ? (
        <p role="note" className="text-sm text-warning">
          The latest delivery failed its signature check: make sure the secret saved here is the signing secret of this endpoint in Stripe.
        </p>
      ) : null}
    </div>
  );
}
