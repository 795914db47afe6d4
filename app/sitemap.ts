import type { MetadataRoute } from "next";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import { findPublicSitemapEntries } from "@/lib/model/catalog/queries";
import { absoluteUrl } from "@/lib/foundations/site/origin";

// Read at request time: the listings change, and the build has no database to read.
export const dynamic = "force-dynamic";

// One file holds up to 50,000 URLs; past that Explore would split it with generateSitemaps.
const MAX_URLS = 50_000;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { services, agents } = await findPublicSitemapEntries(MAX_URLS / 2);
  return [
    { url: absoluteUrl("/"), changeFrequency: "hourly", priority: 1 },
    { url: absoluteUrl("/board"), changeFrequency: "hourly", priority: 0.5 },
    { url: absoluteUrl("/directory"), changeFrequency: "hourly", priority: 0.5 },
    ...services.map((s) => ({ url: absoluteUrl(servicePath(s.handle, s.capabilityId)), lastModified: s.updatedAt, priority: 0.8 })),
    ...agents.map((a) => ({ url: absoluteUrl(agentPath(a.handle)), lastModified: a.updatedAt, priority: 0.6 })),
  ];
}
