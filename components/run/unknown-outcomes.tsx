import Link from "next/link";
import { servicePath } from "@/lib/model/addresses/paths";
import type { EscalatedOutcome } from "@/lib/domain/runs/queries";
import { MarkResolvedButton } from "./mark-resolved-button";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** The publisher's escalated unknown outcomes (external actions with `escalate`): never retried, to be resolved by hand and marked so. */
export function UnknownOutcomes({ outcomes }: { outcomes: EscalatedOutcome[] }) {
  return (
    <section aria-labelledby="unknown-outcomes-heading" className="flex flex-col gap-3">
      <h2 id="unknown-outcomes-heading" className="text-lg font-semibold">
        Unknown outcomes
      </h2>
      {outcomes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No unknown outcome of your external actions is waiting.</p>
      ) : (
        <>
          <p className="text-sm">
            These runs of your external actions got no answer after the request was sent, so nobody knows whether they took effect. Explore never retries them;
            look them up by execution ID and consumer ID in your adapter&apos;s records, then mark each one resolved.
          </p>
          <ul className="flex flex-col gap-2">
            {outcomes.map((o) => (
              <li key={o.executionId} className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
                <Link href={servicePath(o.service.handle, o.service.capabilityId)} className="font-medium text-accent underline">
                  {o.service.name}
                </Link>{" "}
                <span className="text-muted-foreground">({o.service.handle})</span>
                <span className="block">Started {when.format(o.startedAt)} UTC</span>
                <span className="block">
                  Execution ID <code className="break-all font-mono text-xs">{o.executionId}</code>
                </span>
                {o.consumerId ? (
                  <span className="block">
                    Consumer ID <code className="font-mono text-xs">{o.consumerId}</code>
                  </span>
                ) : null}
                <MarkResolvedButton executionId={o.executionId} serviceName={o.service.name} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
