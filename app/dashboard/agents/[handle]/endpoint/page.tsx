import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MakeTokenForm, RevokeTokenForm } from "@/components/ui/token-forms";
import { createAdapterTokenAction, revokeAdapterTokenAction } from "@/lib/domain/agents/adapter-token-actions";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { findEndpointSettings } from "@/lib/domain/agents/endpoint-settings";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { dateTimeWords } from "@/lib/foundations/words/dates";

export const metadata: Metadata = { title: "Endpoint", robots: { index: false } };

type Props = { params: Promise<{ handle: string }> };

const stateWords = {
  waiting: { badge: "Waiting for its adapter", tone: "warning" },
  announced: { badge: "Announced by its adapter", tone: "success" },
  written: { badge: "Named in the agent.json", tone: "neutral" },
} as const;

export default async function AgentEndpointPage({ params }: Props) {
  const raw = await params;
  const viewer = await requireViewer(`/dashboard/agents/${raw.handle}/endpoint`);
  const handle = handleFromParam(raw.handle);
  const settings = handle ? await findEndpointSettings(viewer.id, handle) : null;
  if (!settings) notFound();
  const words = stateWords[settings.state];
  const url = absoluteUrl(`/api/v1/agents/${settings.handle.slice(1)}/endpoint`);
  const live = settings.tokens.filter((t) => t.revokedAt === null);
  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader title={`Endpoint: ${settings.displayName}`} handle={settings.handle} badge={<Badge tone={words.tone}>{words.badge}</Badge>}>
        {settings.state === "waiting"
          ? `The agent.json names its endpoint ${settings.placeholder}: its services are listed as waiting for their adapter and cannot be run until the adapter announces where it listens.`
          : settings.state === "announced"
            ? `The adapter announced ${settings.endpoint} for ${settings.placeholder}${settings.announcedAt ? ` on ${dateTimeWords(settings.announcedAt)}` : ""}. It may announce again when it moves; a re-import with the same placeholder keeps it.`
            : `The agent.json names the endpoint ${settings.endpoint} itself. Announcing replaces only a \${NAME} placeholder.`}
      </AgentPageHeader>

      {settings.state === "written" ? null : (
        <Section id="announce" title="Announce from the adapter">
          <p className="max-w-3xl text-sm">
            When the adapter starts, it sends its public https address with one of this agent&apos;s tokens. Explore checks that it answers MCP&apos;s
            initialize and tools/list, and offers every tool the services call, before the services become runnable.
          </p>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
            {`curl -X PUT ${url} \\\n  -H "Authorization: Bearer $EXPLORE_ADAPTER_TOKEN" \\\n  -H "Content-Type: application/json" \\\n  -d '{"endpoint": "https://adapter.example.com/mcp"}'`}
          </pre>
          <p className="text-sm">
            Or with the CLI:{" "}
            <code className="font-mono">{`npx explore announce --agent ${settings.handle} --endpoint https://… --token "$EXPLORE_ADAPTER_TOKEN"`}</code>
          </p>
        </Section>
      )}

      <Section id="tokens" title="Adapter tokens">
        <p className="max-w-3xl text-sm text-muted-foreground">
          A token is shown once when it is made; Explore keeps only its fingerprint. Revoke a token you no longer use.
        </p>
        {settings.tokens.length === 0 ? (
          <p className="text-sm">No tokens yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {settings.tokens.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3 text-sm">
                <span>
                  <span className="font-medium">{t.label}</span>
                  <span className="text-muted-foreground">
                    {" "}
                    · made {dateTimeWords(t.createdAt)} · {t.lastUsedAt ? `last used ${dateTimeWords(t.lastUsedAt)}` : "never used"}
                    {t.revokedAt ? ` · revoked ${dateTimeWords(t.revokedAt)}` : ""}
                  </span>
                </span>
                {t.revokedAt ? null : <RevokeTokenForm action={revokeAdapterTokenAction} fields={{ handle: settings.handle, tokenId: t.id }} label={t.label} />}
              </li>
            ))}
          </ul>
        )}
        {live.length < 10 ? (
          <MakeTokenForm action={createAdapterTokenAction} id="adapter-token" placeholder="production adapter" fields={{ handle: settings.handle }} />
        ) : null}
      </Section>
    </div>
  );
}
