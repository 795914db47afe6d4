import { Badge } from "@/components/ui/badge";
import type { ConnectedDraft, ConnectedToolRow } from "@/lib/domain/publishing/connect-form-state";
import type { ToolsDiff } from "@/lib/domain/publishing/diff-tools";

const classWords: Record<ConnectedToolRow["class"], string> = {
  read_only: "read-only",
  transformation: "transformation",
  external_action: "external action",
};

function ToolItem({ tool }: { tool: ConnectedToolRow }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-border p-3">
      <p className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm">{tool.tool}</code>
        <Badge tone={tool.class === "external_action" ? "warning" : "neutral"}>{classWords[tool.class]}</Badge>
        {tool.offered ? null : <Badge tone="warning">not offered</Badge>}
        <Badge tone="info">suggested: confirm in the editor</Badge>
        {tool.hasExample ? <Badge tone="success">example from its schema</Badge> : null}
      </p>
      <p className="text-sm">{tool.why}</p>
      <p className="text-sm text-muted-foreground">
        {tool.category === null ? "No category suggested." : `Suggested category ${tool.category}`}
        {tool.tags.length > 0 ? `, tags ${tool.tags.join(", ")}` : ""} · ID {tool.capabilityId}
      </p>
    </li>
  );
}

function Names({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <p className="text-sm">
      <span className="font-medium">{label}:</span> {names.join(", ")}
    </p>
  );
}

function Comparison({ handle, diff }: { handle: string; diff: ToolsDiff }) {
  const nothing = diff.added.length === 0 && diff.changed.length === 0 && diff.removed.length === 0;
  return (
    <section aria-labelledby="connect-diff-title" className="flex flex-col gap-2">
      <h3 id="connect-diff-title" className="text-lg font-semibold">
        Compared with {handle}
      </h3>
      {nothing ? <p className="text-sm">Nothing changed: the same tools, as your agent.json describes them.</p> : null}
      <Names label="New tools" names={diff.added} />
      <Names label="Removed tools (in your agent.json, no longer on the server)" names={diff.removed} />
      {diff.changed.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">Changed tools:</p>
          <ul className="list-disc pl-5">
            {diff.changed.map((change) => (
              <li key={change.tool}>
                <code className="font-mono">{change.tool}</code>: {change.changes.map((c) => c.words).join(" ")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Names label="Unchanged" names={diff.unchanged} />
    </section>
  );
}

/** What connecting found: the tools and the class each got, the comparison, and what is left to write. */
export function ConnectResult({ draft }: { draft: ConnectedDraft }) {
  return (
    <div className="flex flex-col gap-6 rounded-lg border border-border p-4">
      <div>
        <h2 className="text-xl font-semibold">
          {draft.serverName}: {draft.tools.length} {draft.tools.length === 1 ? "tool" : "tools"}
        </h2>
        <p className="text-sm text-muted-foreground">{draft.endpoint}</p>
        {draft.truncated ? <p className="mt-2 text-sm text-warning">The server has more tools; Explore read the first {draft.tools.length}.</p> : null}
      </div>
      {draft.suggestions
        .filter((s) => s.path === "/execution_mode")
        .map((s) => (
          <p key={s.path} className="text-sm">
            <span className="font-medium">Suggested execution mode: {String(s.value)}.</span> {s.why}
          </p>
        ))}
      <ul className="flex flex-col gap-2">
        {draft.tools.map((tool) => (
          <ToolItem key={tool.tool} tool={tool} />
        ))}
      </ul>
      {draft.comparison ? <Comparison handle={draft.comparison.handle} diff={draft.comparison.diff} /> : null}
      <section aria-labelledby="connect-complete-title" className="flex flex-col gap-2">
        <h3 id="connect-complete-title" className="text-lg font-semibold">
          Left for you to write ({draft.toComplete.length})
        </h3>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
          {draft.toComplete.map((item) => (
            <li key={item.path}>
              <code className="break-all font-mono text-xs">{item.path}</code>
              <span className="block">{item.why}</span>
            </li>
          ))}
        </ol>
        <p className="text-sm">
          <a href="#import-draft" className="text-accent underline">
            Complete the draft in the editor
          </a>{" "}
          — each class, outside action, category, tag and the execution mode above is a suggestion you confirm or change there.
        </p>
      </section>
    </div>
  );
}
