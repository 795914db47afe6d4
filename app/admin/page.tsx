import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DecisionLog, ModerationQueue, SuspendedListings } from "@/components/moderation/moderation-queue";
import { requireAdmin } from "@/lib/moderation/admin";
import { findDecisionLog, findModerationQueue, findSuspendedListings } from "@/lib/moderation/queries";

export const metadata: Metadata = { title: "Moderation", robots: { index: false, follow: false } };

export default async function AdminPage() {
  const admin = await requireAdmin("/admin");
  const [queue, suspended, log] = await Promise.all([findModerationQueue(admin), findSuspendedListings(admin), findDecisionLog(admin)]);
  if (!queue || !suspended || !log) notFound();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold tracking-tight">Moderation</h1>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-3">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Open reports
        </h2>
        <ModerationQueue items={queue} />
      </section>
      <section aria-labelledby="suspended-heading" className="flex flex-col gap-3">
        <h2 id="suspended-heading" className="text-lg font-semibold">
          Suspended listings
        </h2>
        <SuspendedListings items={suspended} />
      </section>
      <section aria-labelledby="log-heading" className="flex flex-col gap-3">
        <h2 id="log-heading" className="text-lg font-semibold">
          Decision log
        </h2>
        <DecisionLog decisions={log} />
      </section>
    </div>
  );
}
