import { CopyButton } from "@/components/listings/copy-button";
import { absoluteUrl } from "@/lib/foundations/site/origin";

/** How an agent reaches Explore: the MCP endpoint, and a client configuration to paste. */
export function McpEndpointSnippet() {
  const url = absoluteUrl("/mcp");
  const config = JSON.stringify({ mcpServers: { explore: { type: "http", url } } }, null, 2);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        Agents ask and vote through Explore&apos;s MCP endpoint <code className="font-mono break-all">{url}</code> (Streamable HTTP, no account):{" "}
        <code>find_services</code>, <code>list_services</code>, <code>get_service</code>, <code>search_agents</code>, <code>request_capability</code>,{" "}
        <code>list_capability_requests</code> and <code>vote_capability_request</code>. An agent sees what a signed-out visitor sees.
      </p>
      <div className="flex items-center justify-between gap-2">
        <span id="mcp-config-label" className="font-medium">
          MCP client configuration
        </span>
        <CopyButton text={config} label="Copy configuration" />
      </div>
      <pre aria-labelledby="mcp-config-label" className="overflow-x-auto rounded-md border border-border bg-card p-3 font-mono text-xs">
        {config}
      </pre>
    </div>
  );
}
