import type { AgentSnippets, Snippet } from "@/lib/domain/listings/agent-snippets";
import { CopyButton } from "./copy-button";

// "Use from your agent": MCP client configurations, API examples and the agent's exports. Stacked <details>
// rather than tabs: each opens with Enter or Space, needs no script, and a phone shows one at a time.

function SnippetBlock({ snippet, open }: { snippet: Snippet; open: boolean }) {
  const codeId = `snippet-${snippet.id}`;
  return (
    <details open={open} className="group rounded-md border border-border bg-card">
      <summary className="cursor-pointer rounded-md px-3 py-2 font-medium">{snippet.title}</summary>
      <div className="flex min-w-0 flex-col gap-2 border-t border-border p-3">
        <p className="text-sm text-muted-foreground">{snippet.note}</p>
        {/* Long lines scroll inside the block, never widen the page (390 px phones). */}
        <pre
          id={codeId}
          tabIndex={0}
          aria-label={`${snippet.title}: ${snippet.language === "json" ? "configuration" : "example"}`}
          className="max-w-full overflow-x-auto rounded-md border border-border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre"
        >
          <code>{snippet.text}</code>
        </pre>
        <div>
          <CopyButton text={snippet.text} label={`Copy ${snippet.title}`} />
        </div>
      </div>
    </details>
  );
}

export function UseFromAgent({
  snippets,
  tool,
  capabilityId,
  adapterAnnounced,
  isPublic,
}: {
  snippets: AgentSnippets;
  tool: string;
  capabilityId: string;
  adapterAnnounced: boolean;
  isPublic: boolean;
}) {
  return (
    <section aria-labelledby="api" className="flex min-w-0 flex-col gap-4">
      <h2 id="api" className="scroll-mt-4 text-lg font-semibold">
        Use from your agent
      </h2>
      {isPublic ? null : (
        <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          The public API and Explore&apos;s MCP endpoint answer as a signed-out visitor would: this service is not public, so they do not show it.
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">In an MCP client</h3>
        <p className="text-sm">
          {adapterAnnounced ? (
            <>
              Your agent runs this service through Explore&apos;s gateway (<code className="break-all font-mono text-xs">{snippets.gatewayUrl}</code>), the tool{" "}
              <code className="break-all font-mono text-xs">{capabilityId}</code>, as you: with a personal API token from{" "}
              <a href="/settings#tokens-heading" className="text-accent underline">
                your settings
              </a>
              , within your plans, limits and data rules, each run in your runs. Explore&apos;s own endpoint (
              <code className="break-all font-mono text-xs">{snippets.exploreMcpUrl}</code>) finds services with{" "}
              <code className="font-mono text-xs">find_services</code>, reads this one with <code className="font-mono text-xs">get_service</code> and runs any
              with <code className="font-mono text-xs">run_service</code>. The provider&apos;s adapter can also be called directly (its tool{" "}
              <code className="break-all font-mono text-xs">{tool}</code>), outside Explore&apos;s records.
            </>
          ) : (
            <>
              The provider has not announced its adapter yet. Explore&apos;s own endpoint (
              <code className="break-all font-mono text-xs">{snippets.exploreMcpUrl}</code>) finds services with{" "}
              <code className="font-mono text-xs">find_services</code> and tells your agent where to call this one once it is announced (
              <code className="font-mono text-xs">get_service</code>).
            </>
          )}
        </p>
        {snippets.mcpClients.map((s, i) => (
          <SnippetBlock key={s.id} snippet={s} open={i === 0} />
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">From a program</h3>
        <p className="text-sm">
          The public API describes this service at <code className="break-all font-mono text-xs">{snippets.serviceApiUrl}</code> (
          <a href="/api/v1/openapi.json" className="text-accent underline">
            OpenAPI document
          </a>
          ).
        </p>
        {snippets.api.map((s, i) => (
          <SnippetBlock key={s.id} snippet={s} open={i === 0} />
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">The agent in other formats</h3>
        <ul className="flex flex-col gap-1 text-sm">
          {snippets.exports.map((e) => (
            <li key={e.title}>
              <a href={e.url} className="text-accent underline">
                {e.title}
              </a>{" "}
              <span className="text-muted-foreground">— {e.note}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
