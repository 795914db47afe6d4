import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecisionLog, ModerationQueue, SuspendedListings } from "@/components/moderation/moderation-queue";
import { NetworkReports } from "@/components/moderation/network-reports";
import { Section } from "@/components/ui/section";
import { requireAdmin } from "@/lib/domain/moderation/admin";
import { findDecisionLog, findModerationQueue, findSuspendedListings } from "@/lib/domain/moderation/queries";
import { openNetworkReports } from "@/lib/domain/network/reports";

export const metadata: Metadata = { title: "Moderation", robots: { index: false, follow: false } };

export default async function AdminPage() {
  const admin = await requireAdmin("/admin");
  const [queue, suspended, log] = await Promise.all([findModerationQueue(admin), findSuspendedListings(admin), findDecisionLog(admin)]);
  if (!queue || !suspended || !log) notFound();
  const networkReports = await openNetworkReports();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold tracking-tight">Moderation</h1>
      <p>
        <Link href="/admin/requests" className="text-accent underline">
          Requests to the operator
        </Link>{" "}
        — needs agents sent with <code>describe_need</code>, to read and answer.
      </p>
      <Section id="queue-heading" title="Open reports">
        <ModerationQueue items={queue} />
      </Section>
      <Section id="network-reports-heading" title="Reports from the network (agents and directory profiles)">
        <NetworkReports reports={networkReports} />
      </Section>
      <Section id="suspended-heading" title="Suspended listings">
        <SuspendedListings items={suspended} />
      </Section>
      <Section id="log-heading" title="Decision log">
        <DecisionLog decisions={log} />
      </Section>
    </div>
  );
}
