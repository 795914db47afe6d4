import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { RegistryRecordView } from "@/lib/domain/registry/records";
import { delegationWords, failedSyncWords, gaslRiskWords, mirroredWords, retentionWords } from "@/lib/domain/registry/words";

// The "Registry record" panel: the agent's GA4GH registry snapshot, shown as what it is, a cache of the
// agent's own agent-info endpoint with its age — never as a live status. A server component: `now` is the
// request's time, passed in.

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 font-medium sm:w-44">{term}</dt>
      <dd className="min-w-0 break-words text-muted-foreground">{children}</dd>
    </div>
  );
}

/** `manageHref`: for the agent's owner, where to sync it now. */
export function RegistryRecordPanel({ record, now, manageHref }: { record: RegistryRecordView; now: Date; manageHref?: string }) {
  const { snapshot } = record;
  const { enrichment } = snapshot;
  const guardrails = snapshot.guardrails_enabled ?? [];
  return (
    <section aria-labelledby="registry-record" className="flex flex-col gap-3 rounded-lg border border-dashed border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="registry-record" className="text-lg font-semibold">
          Registry record
        </h2>
        <Badge tone="neutral">Cached copy</Badge>
      </div>
      <p className="break-words text-sm">{mirroredWords(record.agentInfoUri, record.syncedAt, now)}</p>
      {record.lastFailedAt && record.lastFailure ? (
        <p role="status" className="break-words rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {failedSyncWords(record.lastFailedAt, record.lastFailure, record.syncedAt)}
        </p>
      ) : null}
      <dl className="flex flex-col gap-2 text-sm">
        <Row term="Trust level">{snapshot.trust_level}</Row>
        <Row term="Trust tier">{enrichment.trust_tier ?? "Not stated"}</Row>
        <Row term="Risk">{gaslRiskWords(enrichment.gasl_level)}</Row>
        <Row term="Guardrails">{guardrails.length > 0 ? guardrails.join(", ") : "None reported"}</Row>
        <Row term="Delegation">{delegationWords(snapshot.delegation_support)}</Row>
        <Row term="Audit retention">{retentionWords(snapshot.audit_retention_days)}</Row>
        <Row term="Agent type">{snapshot.agent_type}</Row>
      </dl>
      <p className="text-xs text-muted-foreground">
        As the agent&apos;s own endpoint reported it (protocol {snapshot.protocol_version}); Explore has not checked these claims.
      </p>
      {manageHref ? (
        <p className="text-sm">
          <Link href={manageHref} className="text-accent underline">
            Sync now<span className="sr-only"> the registry record</span> from your dashboard
          </Link>
        </p>
      ) : null}
    </section>
  );
}
