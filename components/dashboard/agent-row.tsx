import Link from "next/link";
import { versionsDashboardPath } from "@/lib/domain/agents/version-paths";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { AgentStatus } from "@/generated/prisma/enums";
import { agentStatsWords, type AgentStats } from "@/lib/domain/agents/agent-stats";
import type { OwnedAgent, OwnedCapability } from "@/lib/domain/agents/queries";
import { dateWords } from "@/lib/foundations/words/dates";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import { analyticsDashboardPath } from "@/lib/domain/analytics/paths";
import { paymentsDashboardPath } from "@/lib/domain/payments/paths";
import { sampleTestsDashboardPath } from "@/lib/domain/sample-tests/paths";
import { setServiceOfferedAction } from "@/lib/domain/agents/actions";
import { editAgentAction } from "@/lib/domain/publishing/draft-actions";
import { logoDashboardPath } from "@/lib/domain/logos/paths";
import { AgentLogo } from "@/components/listings/agent-logo";
import { PublishButton } from "./publish-button";

const statusWords: Record<AgentStatus, { label: string; tone: BadgeTone }> = {
  published: { label: "Published", tone: "info" },
  unpublished: { label: "Unpublished", tone: "neutral" },
  suspended: { label: "Suspended", tone: "danger" },
};

function capabilityNote(c: OwnedCapability): string | null {
  if (c.suspended) return `suspended by the moderators${c.suspendedReason ? `: ${c.suspendedReason.replace(/\.$/, "")}` : ""}`;
  if (!c.offered) return "not offered";
  if (c.needsConfirmation) return "waiting for you to confirm its class";
  if (c.contentRating === "mature") return "rated 18+";
  return null;
}

/** One of the publisher's agents: status, services, and the publish switch. */
export function AgentRow({ agent, stats }: { agent: OwnedAgent; stats: AgentStats | null }) {
  const status = statusWords[agent.status];
  const listed = agent.capabilities.filter((c) => c.listed).length;
  const isPublic = agent.status === "published";
  const titleId = `agent-${agent.handle}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <AgentLogo agent={agent} size={40} className="mt-0.5" />
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {agent.displayName} <span className="break-all font-normal text-muted-foreground">{agent.handle}</span>
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span>
                {agent.capabilities.length} capabilit{agent.capabilities.length === 1 ? "y" : "ies"}, {listed} listed
              </span>
              {agent.endpointPending ? <Badge>Waiting for its adapter</Badge> : null}
              {agent.logoFailed ? (
                <Link href={logoDashboardPath(agent.handle)} className="text-danger underline">
                  Logo: fails a check<span className="sr-only"> ({agent.handle})</span>
                </Link>
              ) : null}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {[...(stats ? agentStatsWords(stats) : []), `changed ${dateWords(agent.updatedAt)}`].join(" · ")}
            </p>
            {agent.status === "suspended" ? (
              <p className="mt-2 text-sm text-danger">
                Suspended by the moderators{agent.suspendedReason ? `: ${agent.suspendedReason.replace(/\.$/, "")}` : ""}. It cannot be published until the
                suspension is lifted.
              </p>
            ) : null}
          </div>
        </div>
        {agent.status !== "suspended" ? <PublishButton key={agent.status} handle={agent.handle} publish={agent.status !== "published"} /> : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold">Services</h3>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {agent.capabilities.map((c) => {
            const note = capabilityNote(c);
            return (
              <li key={c.capabilityId}>
                {c.public ? (
                  <Link href={servicePath(agent.handle, c.capabilityId)} className="text-accent underline">
                    {c.name}
                  </Link>
                ) : (
                  <span>{c.name}</span>
                )}{" "}
                <code className="font-mono text-xs text-muted-foreground">{c.capabilityId}</code>
                {note ? <span className="text-muted-foreground"> ({note})</span> : null}{" "}
                <Link href={sampleTestsDashboardPath(agent.handle, c.capabilityId)} className="text-accent underline">
                  Sample tests<span className="sr-only"> of {c.name}</span>
                </Link>{" "}
                {agent.status !== "suspended" && !c.suspended ? (
                  <form action={setServiceOfferedAction} className="inline">
                    <input type="hidden" name="handle" value={agent.handle} />
                    <input type="hidden" name="capabilityId" value={c.capabilityId} />
                    <input type="hidden" name="offered" value={c.offered ? "0" : "1"} />
                    <button type="submit" className="text-accent underline">
                      {c.offered ? "Stop offering" : "Offer"}
                      <span className="sr-only"> {c.name}</span>
                    </button>
                  </form>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {isPublic ? (
          <Link href={agentPath(agent.handle)} className="text-accent underline">
            Public page<span className="sr-only"> of {agent.handle}</span>
          </Link>
        ) : (
          <span className="text-muted-foreground">Its public pages appear once it is published.</span>
        )}
        <Link href={paymentsDashboardPath(agent.handle)} className="text-accent underline">
          Payments<span className="sr-only"> of {agent.handle}</span>
        </Link>
        {agent.status !== "suspended" ? (
          <form action={editAgentAction} className="inline">
            <input type="hidden" name="handle" value={agent.handle} />
            <button type="submit" className="text-accent underline">
              Edit in the editor<span className="sr-only"> {agent.handle}</span>
            </button>
          </form>
        ) : null}
        <Link href={versionsDashboardPath(agent.handle)} className="text-accent underline">
          Versions and deletion<span className="sr-only"> of {agent.handle}</span>
        </Link>
        <Link href={logoDashboardPath(agent.handle)} className="text-accent underline">
          Logo and terms<span className="sr-only"> of {agent.handle}</span>
        </Link>
        <Link href={analyticsDashboardPath(agent.handle)} className="text-accent underline">
          Analytics<span className="sr-only"> of {agent.handle}</span>
        </Link>
        {agent.endpointPending || agent.announced ? (
          <Link href={`/dashboard/agents/${agent.handle}/endpoint`} className="text-accent underline">
            {agent.endpointPending ? "Announce its endpoint" : "Endpoint"}
            <span className="sr-only"> of {agent.handle}</span>
          </Link>
        ) : null}
      </p>
    </section>
  );
}
