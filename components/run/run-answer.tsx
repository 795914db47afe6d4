import { useId } from "react";
import type { ExecutionStatus, PaymentRequiredNotice, RunAnswer } from "@/lib/domain/runs/run-types";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/listings/copy-button";
import { humanize } from "@/lib/foundations/json-schema/form-ui";
import { AnswerTable, tablesIn } from "./answer-table";

// The adapter's answer as the panel shows it: structured content (with a warning when it breaks the output
// schema), text and images. Nothing here is stored anywhere.

export const statusLabels: Record<ExecutionStatus, string> = {
  running: "Running",
  succeeded: "Succeeded",
  tool_error: "Tool error",
  failed: "Failed",
  timed_out: "Timed out",
  outcome_unknown: "Outcome unknown",
  cancelled: "Cancelled",
  payment_required: "Payment required",
};

export function statusTone(status: ExecutionStatus): "success" | "danger" | "warning" | "neutral" {
  if (status === "succeeded") return "success";
  if (status === "outcome_unknown" || status === "timed_out" || status === "cancelled" || status === "payment_required") return "warning";
  if (status === "running") return "neutral";
  return "danger";
}

export function StatusBadge({ status }: { status: ExecutionStatus }) {
  return <Badge tone={statusTone(status)}>{statusLabels[status]}</Badge>;
}

// The provider's message is its own text: rendered as a text node, never as HTML, and marked as theirs.
function PaymentRequiredNote({ notice }: { notice: PaymentRequiredNotice }) {
  const headingId = useId();
  return (
    <div role="note" aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
      <p id={headingId} className="font-medium">
        The provider asks for payment before it runs this
        {notice.planWords ? (
          <>
            {" "}
            under the plan <strong>{notice.planWords}</strong>
          </>
        ) : null}
        .
      </p>
      {notice.link ? (
        <p>
          <a href={notice.link} className="font-medium text-accent underline" rel="noopener noreferrer" target="_blank">
            Pay at the provider{notice.planWords ? ` (${notice.planWords})` : ""}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          — then run it again. Explore takes no payment itself; the link tells the provider your pseudonymous ID for this agent, not who you are.
        </p>
      ) : (
        <p>The provider gives no payment link on Explore: ask them how to pay, then run it again.</p>
      )}
      {notice.message ? (
        <figure className="flex flex-col gap-1">
          <figcaption className="text-xs text-muted-foreground">The provider’s message:</figcaption>
          <blockquote className="whitespace-pre-wrap border-l-2 border-border pl-3">{notice.message}</blockquote>
        </figure>
      ) : null}
    </div>
  );
}

export function AnswerView({ answer, label }: { answer: RunAnswer; label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-label={label} role="group">
      {answer.paymentRequired ? <PaymentRequiredNote notice={answer.paymentRequired} /> : null}
      {answer.outputWarning ? (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">The answer does not match the output schema the provider declared:</p>
          <ul className="mt-1 list-disc pl-5">
            {answer.outputWarning.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.hasStructuredContent ? <StructuredAnswer value={answer.structuredContent} /> : null}
      {answer.content.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-medium">Content</h4>
          {answer.content.map((block, i) =>
            block.type === "text" ? (
              <pre key={i} className="max-h-96 overflow-auto whitespace-pre-wrap rounded-md border border-border p-3 text-sm" tabIndex={0}>
                {block.text}
              </pre>
            ) : block.type === "image" ? (
              // eslint-disable-next-line @next/next/no-img-element -- an inline data: image from the adapter's answer
              <img
                key={i}
                src={block.dataUrl}
                alt={`Image returned by the service (${block.mimeType})`}
                className="max-w-full rounded-md border border-border"
              />
            ) : (
              <p key={i} className="text-sm text-muted-foreground">
                {block.text}
              </p>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The structured answer: lists of records as tables (with the JSON a click away), otherwise the JSON itself. */
function StructuredAnswer({ value }: { value: unknown }) {
  const json = JSON.stringify(value, null, 2);
  const tables = tablesIn(value);
  const pre = (
    <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs" tabIndex={0}>
      {json}
    </pre>
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-medium">Structured answer</h4>
        <span className="flex flex-wrap items-center gap-2">
          <CopyButton text={json} label="Copy JSON" />
          <a
            href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}
            download="answer.json"
            className="rounded-md border border-border px-2 py-1 text-sm font-medium hover:bg-muted"
          >
            Download JSON
          </a>
        </span>
      </div>
      {tables.map((table) => (
        <AnswerTable key={table.key ?? ""} caption={table.key === null ? "The answer's records" : humanize(table.key)} rows={table.rows} />
      ))}
      {tables.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm">As JSON</summary>
          {pre}
        </details>
      ) : (
        pre
      )}
    </div>
  );
}
