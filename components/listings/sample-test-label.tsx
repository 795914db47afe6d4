import { SampleTestBadge } from "@/components/sample-tests/label-badge";
import { getViewer } from "@/lib/model/accounts/viewer";
import { findSampleTestSummary } from "@/lib/domain/sample-tests/queries";

/** The service page's sample-tested label, as one item of the header's facts list. */
export async function SampleTestLabel({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  const summary = await findSampleTestSummary(await getViewer(), handle, capabilityId);
  if (!summary) return null;
  const now = new Date();
  const badge = <SampleTestBadge label={summary.label} now={now} />;
  return summary.label.kind === "none" || (summary.label.kind === "not_testable" && summary.label.reason === "no_example") ? null : <li>{badge}</li>;
}
