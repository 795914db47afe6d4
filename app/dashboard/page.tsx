import type { Metadata } from "next";
import Link from "next/link";
import { AgentRow } from "@/components/dashboard/agent-row";
import { buttonClassName } from "@/components/ui/button";
import { requireViewer } from "@/lib/accounts/viewer";
import { findAgentStats } from "@/lib/agents/agent-stats";
import { findOwnedAgents } from "@/lib/agents/queries";
import { UnknownOutcomes } from "@/components/run/unknown-outcomes";
import { findEscalatedUnknownOutcomes } from "@/lib/runs/queries";
import { findOwnDeletion } from "@/lib/agents/deleted-agents";
import { dateWords } from "@/lib/payments/date-words";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ deleted?: string | string[] }> }) {
  const viewer = await requireViewer("/dashboard");
  const { deleted } = await searchParams;
  const [agents, unknownOutcomes, stats, deletion] = await Promise.all([
    findOwnedAgents(viewer.id),
    findEscalatedUnknownOutcomes(viewer.id),
    findAgentStats(viewer.id),
    typeof deleted === "string" ? findOwnDeletion(viewer.id, deleted) : null,
  ]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Your agents</h1>
          <p className="mt-1 text-muted-foreground">Import agent.json files, then publish or unpublish their services.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/dashboard/connect" className={buttonClassName({ variant: "secondary" })}>
            Connect an MCP server
          </Link>
          <Link href="/dashboard/import" className={buttonClassName()}>
            Import an agent.json
          </Link>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {deletion ? (
          <p className="rounded-md border border-border bg-card p-3 text-sm">
            {deletion.handle} was deleted on {dateWords(deletion.deletedAt)}. Its pages now say so; you can import it again.
          </p>
        ) : null}
      </div>
      {agents.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6">
          <p>You have no agents yet.</p>
          <p className="mt-2 text-sm">
            <Link href="/dashboard/import" className="text-accent underline">
              Import your agent&apos;s agent.json
            </Link>{" "}
            to list its services, or{" "}
            <Link href="/dashboard/connect" className="text-accent underline">
              connect an MCP server
            </Link>{" "}
            to draft one from its tools.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {agents.map((agent) => (
            <li key={agent.handle}>
              <AgentRow agent={agent} stats={stats.get(agent.handle) ?? null} />
            </li>
          ))}
        </ul>
      )}
      {agents.length > 0 ? <UnknownOutcomes outcomes={unknownOutcomes} /> : null}
    </div>
  );
}
