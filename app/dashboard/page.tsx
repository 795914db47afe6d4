import type { Metadata } from "next";
import Link from "next/link";
import { AgentRow } from "@/components/dashboard/agent-row";
import { buttonClassName } from "@/components/ui/button";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { findAgentStats } from "@/lib/domain/agents/agent-stats";
import { findOwnedAgents } from "@/lib/domain/agents/queries";
import { UnknownOutcomes } from "@/components/run/unknown-outcomes";
import { findEscalatedUnknownOutcomes } from "@/lib/domain/runs/queries";
import { PublisherRequests } from "@/components/requests/publisher-requests";
import { requestsForPublisher } from "@/lib/domain/requests/requests";
import { EditorConfirmation } from "@/components/editor/editor-confirmation";
import { DRAFTS_PATH } from "@/lib/domain/publishing/draft-paths";
import { findOwnDeletion } from "@/lib/domain/agents/deleted-agents";
import { dateWords } from "@/lib/foundations/words/dates";

export const metadata: Metadata = { title: "Dashboard" };

type Props = { searchParams: Promise<{ "from-editor"?: string | string[]; published?: string | string[]; deleted?: string | string[] }> };

export default async function DashboardPage({ searchParams }: Props) {
  const viewer = await requireViewer("/dashboard");
  const params = await searchParams;
  const fromEditor = typeof params["from-editor"] === "string" ? params["from-editor"] : null;
  const [agents, unknownOutcomes, stats, requests, deletion] = await Promise.all([
    findOwnedAgents(viewer.id),
    findEscalatedUnknownOutcomes(viewer.id),
    findAgentStats(viewer.id),
    requestsForPublisher(viewer),
    typeof params.deleted === "string" ? findOwnDeletion(viewer.id, params.deleted) : null,
  ]);
  // What a request can be answered with: the publisher's published, listed services.
  const answerable = agents.flatMap((agent) =>
    agent.status === "published"
      ? agent.capabilities
          .filter((c) => c.listed && !c.suspended)
          .map((c) => ({ value: `${agent.handle}/${c.capabilityId}`, label: `${c.name} (${agent.handle})` }))
      : [],
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Your agents</h1>
          <p className="mt-1 text-muted-foreground">Import agent.json files, then publish or unpublish their services.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={DRAFTS_PATH} className={buttonClassName({ variant: "secondary" })}>
            Drafts
          </Link>
          <Link href="/dashboard/messages" className={buttonClassName({ variant: "secondary" })}>
            Messages
          </Link>
          <Link href="/dashboard/connect" className={buttonClassName({ variant: "secondary" })}>
            Connect an MCP server
          </Link>
          <Link href="/dashboard/import" className={buttonClassName()}>
            Import an agent.json
          </Link>
        </div>
      </div>
      {fromEditor && agents.some((a) => a.handle === fromEditor) ? <EditorConfirmation handle={fromEditor} published={params.published === "1"} /> : null}
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
      {agents.length > 0 ? (
        <PublisherRequests requests={requests.map((r) => ({ id: r.id, title: r.title, votes: r.votes, tags: r.tags }))} services={answerable} />
      ) : null}
    </div>
  );
}
