import { getViewer } from "@/lib/model/accounts/viewer";
import { findSampleTestSummary } from "@/lib/domain/sample-tests/queries";
import { notTestableWords } from "@/lib/domain/sample-tests/testability";
import { OutputComparison } from "./output-comparison";

const ruleWords =
  "Explore calls the adapter with the example input every day, flagged as a validation call. A test passes when the tool reports no error, the output fits the output schema and it contains the expected output: objects may have more keys, arrays must have the same length, numbers may differ by one part in a billion.";

/**
 * The service page's "Sample test" section: the latest result, beside the expected output unless the Example
 * above shows it already (the page shows it once). No example, no section.
 */
export async function SampleTestSection({
  handle,
  capabilityId,
  expectedInExample = false,
}: {
  handle: string;
  capabilityId: string;
  expectedInExample?: boolean;
}) {
  const summary = await findSampleTestSummary(await getViewer(), handle, capabilityId);
  if (!summary || (summary.label.kind === "not_testable" && summary.label.reason === "no_example")) return null;
  return (
    <section aria-labelledby="sample-test" className="flex flex-col gap-3">
      <h2 id="sample-test" className="text-lg font-semibold">
        Sample test
      </h2>
      {summary.label.kind === "not_testable" ? (
        <p>{notTestableWords[summary.label.reason]}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{ruleWords}</p>
          <OutputComparison expected={summary.expectedOutput} latest={summary.latest} expectedShownAt={expectedInExample ? "#showcase" : null} />
        </>
      )}
    </section>
  );
}
