import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/foundations/site/origin";

// The public origin is known when the server starts, not when it is built.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: ["/", "/api/v1/"],
      disallow: ["/dashboard", "/sign-in", "/dev/", "/api/auth/"],
    },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
