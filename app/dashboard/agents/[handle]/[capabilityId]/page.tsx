import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SampleTestHistory } from "@/components/sample-tests/history-table";
import { SampleTestBadge } from "@/components/sample-tests/label-badge";
import { OutputComparison } from "@/components/sample-tests/output-comparison";
import { QueueButton } from "@/components/ui/queue-button";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { testNowAction } from "@/lib/domain/sample-tests/actions";
import { capabilityIdFromParam, handleFromParam } from "@/lib/model/addresses/paths";
import { BadgeSnippetsSection } from "@/components/sample-tests/badge-snippets";
import { badgeSnippets } from "@/lib/domain/sample-tests/badge-snippets";
import { findOwnedSampleTests, findSampleTestSummary } from "@/lib/domain/sample-tests/queries";
import { notTestableWords } from "@/lib/domain/sample-tests/testability";

export const metadata: Metadata = { title: "Sample tests" };

type Props = { params: Promise<{ handle: string; capabilityId: string }> };

export default async function CapabilitySampleTestsPage({ params }: Props) {
  const raw = await params;
  const viewer = await requireViewer(`/dashboard/agents/${raw.handle}/${raw.capabilityId}`);
  const handle = handleFromParam(raw.handle);
  const capabilityId = capabilityIdFromParam(raw.capabilityId);
  const tests = handle && capabilityId ? await findOwnedSampleTests(viewer, handle, capabilityId) : null;
  if (!tests) notFound();
  // The badge answers as a signed-out visitor sees the service: the preview is shown only when it would show.
  const badgeIsPublic = (await findSampleTestSummary(null, tests.handle, tests.capabilityId)) !== null;
  const now = new Date();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link href="/dashboard" className="text-accent underline">
          Your agents
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Sample tests: {tests.name}</h1>
          <p className="mt-1 text-muted-foreground">
            <span className="break-all">{tests.handle}</span> · <code className="font-mono text-sm">{tests.capabilityId}</code> · version {tests.version}
          </p>
          <p className="mt-2">
            {tests.label.kind === "none" ? (
              <span className="text-sm">No label: there is no passing test from the last 7 days.</span>
            ) : (
              <SampleTestBadge label={tests.label} now={now} />
            )}
          </p>
        </div>
        {tests.label.kind !== "not_testable" ? (
          <QueueButton action={testNowAction} fields={{ handle: tests.handle, capabilityId: tests.capabilityId }} id={`test-now-${tests.capabilityId}`}>
            Test now
          </QueueButton>
        ) : null}
      </div>
      {tests.label.kind === "not_testable" ? (
        <p>{notTestableWords[tests.label.reason]}</p>
      ) : (
        <>
          {!tests.agentPublished ? <p role="note">Explore tests published agents only: publish this agent to start its tests.</p> : null}
          <p className="text-sm text-muted-foreground">
            {tests.nextRunAt ? `Next scheduled test: ${tests.nextRunAt.toUTCString()}.` : "A test is queued or running, or none is scheduled."}
          </p>
          <section aria-labelledby="latest" className="flex flex-col gap-3">
            <h2 id="latest" className="text-lg font-semibold">
              Latest output against the expected one
            </h2>
            <OutputComparison expected={tests.expectedOutput} latest={tests.latest} />
          </section>
          <section aria-labelledby="history" className="flex flex-col gap-3">
            <h2 id="history" className="text-lg font-semibold">
              The last 30 results
            </h2>
            <SampleTestHistory tests={tests.history} />
          </section>
        </>
      )}
      <BadgeSnippetsSection snippets={badgeSnippets(tests)} previewable={badgeIsPublic} />
    </div>
  );
}
