import { absoluteUrl } from "@/lib/foundations/site/origin";
import { boardSchemeDocument } from "@/lib/domain/network/board-scheme";
import { boardInstanceId } from "@/lib/domain/network/board";
import { canonicalJson } from "@/lib/domain/network/canonical-json";

// GET /.well-known/agent-helper.json — how the board's hash chain is made (seed 004), so that anyone can verify it
// with SHA-256 and RFC 8785 alone. Public and the same for everyone; written in its own canonical JSON.

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const document = { ...boardSchemeDocument(await boardInstanceId()), mcp_endpoint: absoluteUrl("/mcp"), board_page: absoluteUrl("/board") };
  return new Response(canonicalJson(document), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" },
  });
}
