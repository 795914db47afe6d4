import { JsonBlock } from "@/components/listings/json-block";
import { LocalTime } from "@/components/ui/local-time";
import type { JsonObject } from "@/lib/model/agent-file/types";
import type { SampleTestSummary } from "@/lib/domain/sample-tests/queries";

/**
 * The expected output beside the latest actual one, with the latest test's verdict in words. With
 * `expectedShownAt` (an anchor on the same page showing it already) the expected output is linked, not repeated.
 */
export function OutputComparison({
  expected,
  latest,
  expectedShownAt = null,
}: {
  expected: JsonObject | null;
  latest: SampleTestSummary["latest"];
  expectedShownAt?: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      {latest ? (
        <p className="text-sm" role="status">
          Latest test, <LocalTime iso={latest.startedAt.toISOString()} withTime /> (version {latest.capabilityVersion}):{" "}
          {latest.status === "passed" ? <strong className="text-success">passed</strong> : <strong className="text-danger">failed</strong>}
          {latest.latencyMs !== null ? ` in ${latest.latencyMs} ms` : ""}.{latest.failureReason ? <span className="block">{latest.failureReason}</span> : null}
        </p>
      ) : (
        <p className="text-sm">Explore has not tested this example yet.</p>
      )}
      {expected && expectedShownAt ? (
        <div className="min-w-0">
          <h3 className="font-semibold">Latest actual output</h3>
          <p className="text-sm text-muted-foreground">
            Compare it with the{" "}
            <a href={expectedShownAt} className="text-accent underline">
              expected output in the example
            </a>
            .
          </p>
          {latest?.output != null ? <JsonBlock value={latest.output} label="Latest actual output" /> : <p className="text-sm">None yet.</p>}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="min-w-0">
            <h3 className="font-semibold">Expected output</h3>
            {expected ? (
              <JsonBlock value={expected} label="Expected output (sample test)" />
            ) : (
              <p className="text-sm">The example states no expected output: a test passes on any error-free answer that fits the output schema.</p>
            )}
          </div>
          <div className="min-w-0">
            <h3 className="font-semibold">Latest actual output</h3>
            {latest?.output != null ? <JsonBlock value={latest.output} label="Latest actual output" /> : <p className="text-sm">None yet.</p>}
          </div>
        </div>
      )}
    </div>
  );
}
