/** Where an MCP client mounts one agent's services through Explore's gateway (app/mcp/agents/[handle]). */
export function gatewayPath(handle: string): string {
  return `/mcp/agents/${handle}`;
}
