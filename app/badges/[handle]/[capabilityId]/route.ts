import { capabilityIdFromParam, handleFromParam } from "@/lib/model/addresses/paths";
import { sampleTestBadgeSvg } from "@/lib/domain/sample-tests/badge-svg";
import { findSampleTestSummary } from "@/lib/domain/sample-tests/queries";
import { answeringUnavailable } from "@/lib/foundations/db/unavailable";

// GET /badges/{handle}/{capability_id}.svg — the publisher's README badge. Public, so it answers as a
// signed-out visitor would see the service: unpublished or mature services are not found.

type Context = { params: Promise<{ handle: string; capabilityId: string }> };

export const GET = answeringUnavailable(async (_request: Request, { params }: Context): Promise<Response> => {
  const raw = await params;
  const handle = handleFromParam(raw.handle);
  const capabilityId = raw.capabilityId.endsWith(".svg") ? capabilityIdFromParam(raw.capabilityId.slice(0, -4)) : null;
  const summary = handle && capabilityId ? await findSampleTestSummary(null, handle, capabilityId) : null;
  if (!summary) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(sampleTestBadgeSvg(summary.label, new Date()), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // Briefly: a label that lapses must not live on in caches for long.
      "cache-control": "public, max-age=300, s-maxage=300",
      "x-content-type-options": "nosniff",
    },
  });
});
