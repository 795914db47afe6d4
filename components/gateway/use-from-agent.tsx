import Link from "next/link";
import { gatewayPath } from "@/lib/edges/agent-mcp/gateway/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";

// "Use from your agent": where an MCP client mounts an agent's services through Explore's gateway, and a ready
// configuration in the shape most MCP clients read (an mcpServers map of Streamable HTTP servers with headers).
// The token itself is never shown here: it was shown once when it was made.

export function UseFromYourAgent({ handle, capabilityId }: { handle: string | null; capabilityId?: string }) {
  const url = absoluteUrl(gatewayPath(handle ?? "@handle"));
  const name = (handle ?? "@handle").slice(1);
  const config = JSON.stringify(
    { mcpServers: { [`explore-${name}`]: { type: "http", url, headers: { Authorization: "Bearer <your Explore API token>" } } } },
    null,
    2,
  );
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        An MCP client mounts {handle ? <>{handle}&apos;s services</> : "an agent's services"} at{" "}
        <code className="break-all rounded bg-muted px-1 font-mono">{url}</code>
        {capabilityId ? (
          <>
            {" "}
            (this one is the tool <code className="rounded bg-muted px-1 font-mono">{capabilityId}</code>)
          </>
        ) : null}
        , with a personal API token from{" "}
        <Link href="/settings#tokens-heading" className="text-accent underline">
          your settings
        </Link>
        . Runs go through your plans, limits and data rules and appear in{" "}
        <Link href="/runs" className="text-accent underline">
          your runs
        </Link>
        . One endpoint for every agent: <code className="rounded bg-muted px-1 font-mono">{absoluteUrl("/mcp")}</code> with its{" "}
        <code className="rounded bg-muted px-1 font-mono">run_service</code> tool.
      </p>
      <pre aria-label="MCP client configuration" className="overflow-x-auto rounded-md border border-border bg-muted p-3 font-mono text-xs" tabIndex={0}>
        {config}
      </pre>
    </div>
  );
}
