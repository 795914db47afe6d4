import type { Metadata } from "next";
import type { ReactNode } from "react";
import { siteOrigin } from "@/lib/foundations/site/origin";

// Canonical URLs and Open Graph images of the public pages are absolute, from the public origin.
export function generateMetadata(): Metadata {
  return { metadataBase: new URL(siteOrigin()), openGraph: { siteName: "Explore", type: "website" } };
}

export default function ExploreLayout({ children }: { children: ReactNode }) {
  return children;
}
