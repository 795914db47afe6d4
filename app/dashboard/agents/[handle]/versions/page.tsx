import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { DeleteAgentForm } from "@/components/dashboard/delete-agent-form";
import { VersionDiff } from "@/components/dashboard/version-diff";
import { VersionList } from "@/components/dashboard/version-list";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { getViewer, requireViewer } from "@/lib/model/accounts/viewer";
import { documentDiff } from "@/lib/domain/agents/version-diff";
import { findAgentVersions, findVersionDocuments } from "@/lib/domain/agents/version-queries";
import { versionsDashboardPath } from "@/lib/domain/agents/version-paths";
import { handleFromParam } from "@/lib/model/addresses/paths";

type Props = { params: Promise<{ handle: string }>; searchParams: Promise<{ from?: string | string[]; to?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [raw, viewer] = await Promise.all([params, getViewer()]);
  const handle = handleFromParam(raw.handle);
  const agent = viewer && handle ? await findAgentVersions(viewer.id, handle) : null;
  return { title: agent ? `Versions · ${agent.displayName}` : "Versions", robots: { index: false } };
}

function numberFrom(value: string | string[] | undefined, known: readonly number[], fallback: number | null): number | null {
  const n = typeof value === "string" ? Number(value) : NaN;
  return Number.isInteger(n) && known.includes(n) ? n : fallback;
}

export default async function AgentVersionsPage({ params, searchParams }: Props) {
  const raw = await params;
  const viewer = await requireViewer(versionsDashboardPath(raw.handle));
  const handle = handleFromParam(raw.handle);
  const agent = handle ? await findAgentVersions(viewer.id, handle) : null;
  if (!agent) notFound();
  const query = await searchParams;
  const numbers = agent.versions.map((v) => v.number);
  // By default: the latest version against the one before it.
  const to = numberFrom(query.to, numbers, numbers[0] ?? null);
  const from = numberFrom(query.from, numbers, numbers[1] ?? to);
  const docs = from !== null && to !== null ? await findVersionDocuments(viewer.id, agent.handle, [from, to]) : new Map<number, unknown>();
  const lines = from !== null && to !== null && docs.has(from) && docs.has(to) ? documentDiff(docs.get(from), docs.get(to)) : null;
  const now = new Date();
  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader
        title={`Versions: ${agent.displayName}`}
        handle={agent.handle}
        badge={
          agent.status === "published" ? <Badge tone="success">Published</Badge> : <Badge>{agent.status === "suspended" ? "Suspended" : "Unpublished"}</Badge>
        }
      >
        Every import, publish, unpublish and service change keeps a version of the agent.json as Explore stored it. Compare any two below.
      </AgentPageHeader>

      <Section id="versions" title="Versions">
        {agent.versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No versions yet: the next import or publish keeps the first.</p>
        ) : (
          <VersionList versions={agent.versions} now={now} />
        )}
      </Section>

      <Section id="compare" title="Compare two versions">
        {agent.versions.length < 2 || from === null || to === null ? (
          <p className="text-sm text-muted-foreground">There is only one version so far; a second appears with the next write.</p>
        ) : (
          <VersionDiff handle={agent.handle} numbers={numbers} from={from} to={to} lines={lines ?? []} />
        )}
      </Section>

      <Section id="delete" title="Delete agent">
        <DeleteAgentForm handle={agent.handle} />
      </Section>
    </div>
  );
}
