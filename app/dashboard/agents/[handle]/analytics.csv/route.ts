import { getViewer } from "@/lib/model/accounts/viewer";
import { analyticsCsv, analyticsCsvFileName } from "@/lib/domain/analytics/csv";
import { serviceFromQuery } from "@/lib/domain/analytics/paths";
import { findAnalyticsCsvRows } from "@/lib/domain/analytics/queries";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { answeringUnavailable } from "@/lib/foundations/db/unavailable";

// The analytics as a CSV download, for the agent's owner only: anyone else gets 401 (signed out) or 404 (not
// theirs, told apart from a handle that does not exist by nothing).

export const dynamic = "force-dynamic";

const PLAIN = { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" };

export const GET = answeringUnavailable(async (request: Request, { params }: { params: Promise<{ handle: string }> }): Promise<Response> => {
  const viewer = await getViewer();
  if (!viewer) return new Response("Sign in to download your agent's analytics.\n", { status: 401, headers: PLAIN });
  const handle = handleFromParam((await params).handle);
  const serviceId = serviceFromQuery(new URL(request.url).searchParams.get("service"));
  const found = handle ? await findAnalyticsCsvRows(viewer.id, handle, serviceId) : null;
  if (!found) return new Response("You have no agent with this handle.\n", { status: 404, headers: PLAIN });
  if (found.unknownService) return new Response("This agent has no service with this ID.\n", { status: 404, headers: PLAIN });
  return new Response(analyticsCsv(found.rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8; header=present",
      "content-disposition": `attachment; filename="${analyticsCsvFileName(found.handle, serviceId, found.lastDay)}"`,
      "cache-control": "private, no-store",
    },
  });
});
