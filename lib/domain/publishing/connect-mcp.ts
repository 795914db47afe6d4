import "server-only";
import { listTools, type CallFailure } from "@/lib/domain/adapters/mcp-call";
import { closeAdapterClientsOf } from "@/lib/domain/adapters/mcp-client-pool";
import { publisherFetch } from "@/lib/domain/adapters/publisher-fetch";
import { MAX_CONNECTED_TOOLS, readConnectedTools, readServerInfo, type ConnectedTool, type ServerInfo } from "./connected-tools";

// "Connect an MCP server": initialize + tools/list at a URL the publisher gives, through Explore's one MCP
// client and its guarded fetch. The optional header goes on this call's requests only: it lives in a fetch
// made for this call, whose clients are closed before the answer returns, and it is in no answer or log.

/** Connecting and listing every page, together. */
export const CONNECT_DEADLINE_MS = 20_000;

export type ConnectHeader = { name: string; value: string };

export type ConnectedServer = { ok: true; endpoint: string; serverInfo: ServerInfo; tools: ConnectedTool[]; truncated: boolean };

export type ConnectOutcome = ConnectedServer | { ok: false; message: string };

function withHeader(base: typeof fetch, header: ConnectHeader | undefined): typeof fetch {
  // A function of its own either way, so this call's MCP clients are never the pooled ones of runs.
  return (input, init) => {
    if (header === undefined) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set(header.name, header.value);
    return base(input, { ...init, headers });
  };
}

function failureWords(failure: CallFailure, host: string): string {
  const prefix = `Explore could not list the tools at ${host}`;
  if (failure.status === "timed_out") return `${prefix}: it did not answer within ${CONNECT_DEADLINE_MS / 1000} s.`;
  switch (failure.code) {
    case "blocked_address":
    case "insecure_url":
    case "bad_url":
      return `${prefix}. ${failure.message}`;
    case "connect_failed":
      return `${prefix}: it is unreachable. ${failure.message}`;
    case "protocol_error":
    case "redirect":
      return `${prefix}: it does not answer as an MCP server over Streamable HTTP. ${failure.message}`;
    default:
      return `${prefix}. ${failure.message}`;
  }
}

/** A server's words may quote what it was sent; the header's value never goes back out. */
function scrub(message: string, header: ConnectHeader | undefined): string {
  return header === undefined || header.value === "" ? message : message.split(header.value).join("[the header's value]");
}

// Short values (a "1", a "yes") would be found by chance; secrets are longer than this.
const SHORTEST_SECRET_LOOKED_FOR = 8;

function echoesHeader(answer: unknown, header: ConnectHeader | undefined): boolean {
  return header !== undefined && header.value.length >= SHORTEST_SECRET_LOOKED_FOR && JSON.stringify(answer).includes(header.value);
}

/** Lists the tools at `url` (at most MAX_CONNECTED_TOOLS); every failure is a sentence. */
export async function connectMcpServer(
  input: { url: string; header?: ConnectHeader },
  opts: { fetch?: typeof fetch; deadlineMs?: number } = {},
): Promise<ConnectOutcome> {
  let endpoint: URL;
  try {
    endpoint = new URL(input.url);
  } catch {
    return { ok: false, message: "The MCP URL is not a valid address." };
  }
  const callFetch = withHeader(opts.fetch ?? publisherFetch(), input.header);
  try {
    const listed = await listTools({
      endpoint: endpoint.href,
      deadlineMs: opts.deadlineMs ?? CONNECT_DEADLINE_MS,
      fetch: callFetch,
      maxTools: MAX_CONNECTED_TOOLS,
    });
    if (listed.status !== "succeeded") return { ok: false, message: scrub(failureWords(listed, endpoint.host), input.header) };
    const read = readConnectedTools(listed.tools);
    if (!read.ok) return { ok: false, message: scrub(read.message, input.header) };
    const serverInfo = readServerInfo(listed.serverInfo, endpoint.href);
    if (echoesHeader({ tools: read.tools, serverInfo }, input.header)) {
      return {
        ok: false,
        message: `The MCP server at ${endpoint.host} quotes the header's value in its tools or its name; Explore drafts nothing from it, so the value cannot end up in an agent.json.`,
      };
    }
    if (read.tools.length === 0) return { ok: false, message: `The MCP server at ${endpoint.host} lists no tools, so there is nothing to describe.` };
    return { ok: true, endpoint: endpoint.href, serverInfo, tools: read.tools, truncated: listed.truncated };
  } finally {
    await closeAdapterClientsOf(callFetch);
  }
}
