import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReportForm } from "@/components/moderation/report-form";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { capabilityIdFromParam, handleFromParam } from "@/lib/model/addresses/paths";
import { findReportableListing } from "@/lib/domain/moderation/reports";

export const metadata: Metadata = { title: "Report a service", robots: { index: false, follow: false } };

type Props = { params: Promise<{ handle: string; capabilityId: string }> };

export default async function ReportPage({ params }: Props) {
  const raw = await params;
  const handle = handleFromParam(raw.handle);
  const capabilityId = capabilityIdFromParam(raw.capabilityId);
  if (!handle || !capabilityId) notFound();
  const viewer = await requireViewer(`/report/${encodeURIComponent(handle)}/${encodeURIComponent(capabilityId)}`);
  const listing = await findReportableListing(viewer, handle, capabilityId);
  if (!listing) notFound();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Report {listing.name}</h1>
      <p className="text-muted-foreground">
        by {listing.agent.displayName} ({listing.agent.handle}). Administrators read every report; the publisher does not see who sent it.
      </p>
      <ReportForm handle={listing.agent.handle} capabilityId={listing.capabilityId} />
    </div>
  );
}
