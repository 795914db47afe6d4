import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { RegistryRecordPanel } from "@/components/registry/registry-record-panel";
import { QueueButton } from "@/components/ui/queue-button";
import { syncRegistryNowAction } from "@/lib/domain/registry/actions";
import { Badge } from "@/components/ui/badge";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { findOwnedAgentHeader } from "@/lib/model/catalog/owned-agents";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { findRegistryRecord } from "@/lib/domain/registry/records";
import { registryDashboardPath } from "@/lib/domain/registry/paths";

export const metadata: Metadata = { title: "Registry record", robots: { index: false } };

type Props = { params: Promise<{ handle: string }> };

export default async function RegistryRecordPage({ params }: Props) {
  const raw = await params;
  const viewer = await requireViewer(registryDashboardPath(raw.handle));
  const handle = handleFromParam(raw.handle);
  // The publisher's own agent only: another's handle is answered like one that does not exist.
  const agent = handle ? await findOwnedAgentHeader(viewer.id, handle) : null;
  if (!agent) notFound();
  const record = await findRegistryRecord(agent.rowId);
  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader
        title={`Registry record: ${agent.displayName}`}
        handle={agent.handle}
        badge={record?.lastFailure ? <Badge tone="warning">Last sync failed</Badge> : <Badge>{record ? "Synced" : "None"}</Badge>}
      >
        An agent imported from a GA4GH registry entry keeps the registry&apos;s snapshot of its agent-info endpoint. Explore re-reads that endpoint once a day
        and shows the copy on the agent&apos;s page as a cache, with its age.
      </AgentPageHeader>
      {record ? (
        <>
          <RegistryRecordPanel record={record} now={new Date()} />
          <QueueButton action={syncRegistryNowAction} fields={{ handle: agent.handle }} id="sync-now" variant="secondary">
            Sync now
          </QueueButton>
        </>
      ) : (
        <p>This agent has no registry record: only an agent published from a draft made of a GA4GH registry entry has one.</p>
      )}
    </div>
  );
}
