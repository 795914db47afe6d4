import type { Metadata } from "next";
import type { ContentRating } from "@/generated/prisma/enums";

/**
 * Metadata for a listing page someone is allowed to see: a mature listing gets `noindex` and
 * `<meta name="rating" content="adult">`; any listing that is not public (unpublished, suspended,
 * mature) gets `noindex, nofollow`. Spread it into the page's generateMetadata result.
 */
export function listingPrivacyMetadata(listing: { contentRating: ContentRating; isPublic: boolean }): Metadata {
  if (listing.contentRating === "mature") return { robots: { index: false, follow: false }, other: { rating: "adult" } };
  return listing.isPublic ? {} : { robots: { index: false, follow: false } };
}
