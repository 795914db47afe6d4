import type { ReactNode } from "react";
import type { DataDeclaration as Declaration, Retention } from "@/lib/model/agent-file/types";
import type { DataView } from "@/lib/model/catalog/read-model";
import { dataClassLabels, regionLabel } from "@/lib/model/agent-file/labels";

const notStated = "Not stated";

function retentionWords(part: (Retention & { journal: boolean | null }) | null, what: string): string {
  if (!part || part.retention === null) {
    return part?.journal ? `The adapter journals the ${what}, so they are kept.` : notStated;
  }
  const kept =
    part.retention === "none"
      ? "Not kept"
      : part.days !== null
        ? `Kept for ${part.days} day${part.days === 1 ? "" : "s"}`
        : "Kept (for how long is not stated)";
  return part.journal ? `${kept}; the adapter journals the ${what}, which is keeping them.` : `${kept}.`;
}

function yesNo(value: boolean | null, yes: string, no: string): string {
  return value === null ? notStated : value ? yes : no;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-b-0 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="font-medium">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function DeclarationList({ data }: { data: Declaration }) {
  const downstream = data.downstream;
  return (
    <dl>
      <Row term="Your inputs">{retentionWords(data.inputs, "inputs")}</Row>
      <Row term="Results">{retentionWords(data.results, "results")}</Row>
      <Row term="Execution records">
        {data.executionMetadata?.retentionDays != null
          ? `Identifiers and fingerprints kept for ${data.executionMetadata.retentionDays} days; no content.`
          : notStated}
      </Row>
      <Row term="Passed on downstream">
        <p>{retentionWords(downstream, "data")}</p>
        {downstream && downstream.subprocessors.length > 0 ? (
          <>
            <p className="mt-1">Other companies that handle the data:</p>
            <ul className="mt-1 list-disc pl-5">
              {downstream.subprocessors.map((s) => (
                <li key={`${s.name}-${s.region}`}>
                  {s.name}: {s.purpose} ({regionLabel(s.region)})
                </li>
              ))}
            </ul>
          </>
        ) : downstream ? (
          <p className="mt-1">No other companies named.</p>
        ) : null}
      </Row>
      <Row term="Used for training">{yesNo(data.usedForTraining, "Yes, inputs or outputs train models.", "No, never used to train models.")}</Row>
      <Row term="Processed in">
        {data.processingRegions && data.processingRegions.length > 0 ? (
          <ul className="list-disc pl-5">
            {data.processingRegions.map((r) => (
              <li key={r}>{regionLabel(r)}</li>
            ))}
          </ul>
        ) : (
          notStated
        )}
      </Row>
      <Row term="Deleted on request">{yesNo(data.deletionOnRequest, "Yes", "No")}</Row>
      <Row term="Encrypted at rest">{yesNo(data.encryptedAtRest, "Yes", "No")}</Row>
      <Row term="Data it accepts">
        {data.acceptedDataClasses && data.acceptedDataClasses.length > 0 ? data.acceptedDataClasses.map((c) => dataClassLabels[c]).join(", ") : notStated}
      </Row>
      <Row term="Data processing agreement">
        {data.dpaUrl ? (
          data.dpaUrl.startsWith("https://") ? (
            <a href={data.dpaUrl} rel="noopener noreferrer" className="break-all text-accent underline">
              {data.dpaUrl}
            </a>
          ) : (
            <span className="break-all">{data.dpaUrl}</span>
          )
        ) : (
          notStated
        )}
      </Row>
    </dl>
  );
}

/** How the provider says it handles data, in words. */
export function DataDeclaration({ data }: { data: DataView }) {
  if (!data.declared) {
    return <p>The provider has not declared how it handles data.</p>;
  }
  if (!data.declaration) {
    return <p>This service&apos;s data declaration could not be shown.</p>;
  }
  return <DeclarationList data={data.declaration} />;
}
