import { statusLabels } from "@/components/run/run-answer";
import { ERROR_KINDS } from "@/lib/domain/analytics/outcomes";
import type { OutcomeCounts } from "@/lib/domain/analytics/outcomes";
import { percentText } from "@/lib/domain/analytics/words";

// What each kind means to the publisher, in a line (the Run panel's words for the statuses).
const meaning: Record<(typeof ERROR_KINDS)[number], string> = {
  tool_error: "your tool answered with an error",
  failed: "the call to your adapter failed",
  timed_out: "no answer within the service's time limit",
  payment_required: "your adapter asked the consumer to pay first",
  cancelled: "the consumer cancelled before an answer came",
  outcome_unknown: "the request was sent but no answer came back",
};

/** The runs that did not succeed, by kind, as a table (it reads well without a chart). */
export function ErrorsByKind({ outcomes, runs }: { outcomes: OutcomeCounts; runs: number }) {
  const errors = ERROR_KINDS.reduce((n, k) => n + outcomes[k], 0);
  return (
    <section aria-labelledby="errors-by-kind" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <h2 id="errors-by-kind" className="text-lg font-semibold">
        Errors by kind
      </h2>
      <p className="text-sm">
        {errors === 0
          ? "No run ended in an error in these 30 days."
          : `${errors.toLocaleString("en-US")} of ${runs.toLocaleString("en-US")} runs did not succeed (${percentText(errors / runs)}).`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Runs that did not succeed in the last 30 days, by kind</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1.5 pr-4">
                Kind
              </th>
              <th scope="col" className="py-1.5 pr-4">
                Runs
              </th>
              <th scope="col" className="py-1.5 pr-4">
                Share of all runs
              </th>
              <th scope="col" className="py-1.5">
                What it means
              </th>
            </tr>
          </thead>
          <tbody>
            {ERROR_KINDS.map((k) => (
              <tr key={k} className="border-b border-border last:border-b-0">
                <th scope="row" className="py-1.5 pr-4 font-medium whitespace-nowrap">
                  {statusLabels[k]}
                </th>
                <td className="py-1.5 pr-4">{outcomes[k].toLocaleString("en-US")}</td>
                <td className="py-1.5 pr-4">{runs === 0 ? "—" : percentText(outcomes[k] / runs)}</td>
                <td className="py-1.5 text-muted-foreground">{meaning[k]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
