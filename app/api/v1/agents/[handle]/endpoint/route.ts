import { announceEndpoint } from "@/lib/domain/agents/endpoint-announcement";
import { handle, problemResponse } from "@/lib/edges/api/http";
import { readBodyWithin } from "@/lib/foundations/http/body-limit";
import { handleFromParam } from "@/lib/model/addresses/paths";

// An adapter announces where it listens (DESIGN.md rule 2; docs/api.md "Announcing an endpoint").

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ handle: string }> };

export async function PUT(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const read = await readBodyWithin(request);
    if (!read.ok) return read.response;
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      return problemResponse(request, 400, 'The body must be JSON: {"endpoint": "https://…"}.');
    }
    const answer = await announceEndpoint(handleFromParam((await context.params).handle), request.headers.get("authorization"), body);
    if (answer.status !== 200) {
      return problemResponse(
        request,
        answer.status,
        answer.message,
        undefined,
        answer.status === 401 ? { "WWW-Authenticate": 'Bearer realm="explore-adapter"' } : {},
      );
    }
    return Response.json(
      { endpoint: answer.endpoint, announced_at: answer.announcedAt.toISOString(), tools: answer.tools },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}
