import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ProgressToken, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { ToolProgress } from "@/lib/domain/adapters/mcp-call";

/**
 * Where a run reports its progress when the tools/call asked for it (a progressToken): as MCP progress notifications
 * on the call's stream, before its result. Undefined when it did not ask. A notification that cannot be sent (the
 * client went away) is dropped: the run goes on.
 */
export function progressSender(
  progressToken: ProgressToken | undefined,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): ((p: ToolProgress) => void) | undefined {
  if (progressToken === undefined) return undefined;
  return (p) =>
    void extra
      .sendNotification({ method: "notifications/progress", params: { progressToken, progress: p.progress, total: p.total, message: p.message } })
      .catch(() => undefined);
}
