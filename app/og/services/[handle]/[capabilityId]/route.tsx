import { ImageResponse } from "next/og";
import { capabilityIdFromParam, handleFromParam } from "@/lib/model/addresses/paths";
import { findListing } from "@/lib/model/catalog/queries";
import { classLabels } from "@/lib/model/agent-file/labels";
import { priceSummary } from "@/lib/domain/payments/plan-words";

import { SHARE_IMAGE_FRAME, SHARE_IMAGE_SIZE } from "@/lib/edges/seo/share-image";

// The service's share image. Link previews are fetched signed out, so it exists only for listings
// a signed-out visitor may see (the visibility rule with no viewer); other pages use /og/neutral.
export async function GET(_request: Request, { params }: { params: Promise<{ handle: string; capabilityId: string }> }) {
  const raw = await params;
  const handle = handleFromParam(raw.handle);
  const capabilityId = capabilityIdFromParam(raw.capabilityId);
  const service = handle && capabilityId ? await findListing(null, handle, capabilityId) : null;
  if (!service) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const facts = [classLabels[service.class], priceSummary(service.plans), `v${service.version}`];
  return new ImageResponse(
    <div style={{ ...SHARE_IMAGE_FRAME, justifyContent: "space-between" }}>
      <div style={{ display: "flex", fontSize: 32, color: "#60a5fa" }}>Explore</div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
        <div style={{ display: "flex", fontSize: 72, fontWeight: 700, lineHeight: 1.1 }}>{service.name}</div>
        <div style={{ display: "flex", fontSize: 34, color: "#94a3b8", lineHeight: 1.3 }}>
          {service.summary.length > 160 ? `${service.summary.slice(0, 157)}…` : service.summary}
        </div>
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30 }}>
        <div style={{ display: "flex" }}>
          {service.agent.displayName} · {service.agent.handle}
        </div>
        <div style={{ display: "flex", gap: 16 }}>
          {facts.map((fact) => (
            <div key={fact} style={{ display: "flex", padding: "4px 16px", border: "2px solid #334155", borderRadius: 999 }}>
              {fact}
            </div>
          ))}
        </div>
      </div>
    </div>,
    { ...SHARE_IMAGE_SIZE, headers: { "Cache-Control": "public, max-age=300" } },
  );
}
