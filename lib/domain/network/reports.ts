import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { findShownProfile } from "./directory";
import type { AGENT_REPORT_KINDS } from "./kinds";

// Reports from the network, quarantined for administrators in /admin's moderation queue beside the reports of
// listings: agents' reports through /mcp (seed 004's report: a bug, a feature, a capability, a security problem)
// and signed-in people's reports of directory profiles. Nothing in a report is shown to anyone else.

export type AgentReportKind = (typeof AGENT_REPORT_KINDS)[number];

export type NetworkReportView = { id: string; kind: string; text: string; subjectKey: string | null; createdAt: Date };

/** An agent's report through /mcp, limited per client address. */
export async function createAgentReport(
  kind: AgentReportKind,
  text: string,
  clientKey: string,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const limit = await consume("networkWrites", `address:${clientKey}`);
  if (!limit.ok) return { ok: false, message: limit.message };
  const row = await db.networkReport.create({ data: { kind, text }, select: { id: true } });
  return { ok: true, id: row.id };
}

/** A signed-in person's report of a profile shown in the directory; false when it is not shown. */
export async function reportProfile(reporterUserId: string, handle: string, reason: string): Promise<boolean> {
  const profile = await findShownProfile(handle);
  if (!profile) return false;
  await db.networkReport.create({ data: { kind: "profile", text: reason, subjectKey: profile.handle.toLowerCase(), reporterUserId } });
  return true;
}

/** Open reports, oldest first (administrators only: the caller checks). */
export async function openNetworkReports(limit = 100): Promise<NetworkReportView[]> {
  return db.networkReport.findMany({
    where: { resolvedAt: null },
    select: { id: true, kind: true, text: true, subjectKey: true, createdAt: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
}

/**
 * Settles a report for an administrator (the caller checked it), logged as a ModerationDecision in the same
 * transaction; for a profile report, `hide` also keeps the profile out of the directory and settles its other reports.
 */
export async function resolveNetworkReport(adminEmail: string, id: string, hide: boolean): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const report = await tx.networkReport.findFirst({ where: { id, resolvedAt: null }, select: { subjectKey: true } });
    if (!report) return false;
    const hiding = hide && report.subjectKey !== null;
    if (hiding) {
      const handle = await tx.callerHandle.findUnique({ where: { handleKey: report.subjectKey! }, select: { id: true } });
      if (handle) await tx.networkProfile.updateMany({ where: { handleId: handle.id }, data: { hiddenAt: new Date() } });
    }
    const settled = await tx.networkReport.updateMany({
      where: hiding ? { subjectKey: report.subjectKey, resolvedAt: null } : { id, resolvedAt: null },
      data: { resolvedAt: new Date() },
    });
    if (settled.count === 0) return false;
    await tx.moderationDecision.create({
      data: { adminEmail, action: hiding ? "hide_profile" : "dismiss_network_report", reportId: id, agentHandle: report.subjectKey, reason: null },
    });
    return true;
  });
}
