import Link from "next/link";

/**
 * On a page only its publisher can see (an unpublished agent, or a service it does not offer or has not
 * confirmed): that this is a preview, and why nobody else sees it.
 */
export function PreviewBanner({ why }: { why: "unpublished" | "not_listed" | null }) {
  if (!why) return null;
  return (
    <div role="note" className="mb-4 rounded-md border border-info/40 bg-info/10 px-4 py-3 text-sm">
      <p className="font-semibold">Preview</p>
      <p className="mt-1">
        {why === "unpublished"
          ? "Only you see this page: the agent is not published. It goes on Explore, as you see it here, when you publish it "
          : "Only you see this service: it is not offered, or waits for you to confirm its class. Change that in its agent.json, then import it again "}
        (<Link href="/dashboard" className="text-accent underline">your agents</Link>).
      </p>
    </div>
  );
}

/** Why a listing is the publisher's preview, or null when others may see it too (or the viewer is not its publisher). */
export function previewReason(viewerId: string | null, listing: { listed: boolean; agent: { ownerId: string; status: string } }): "unpublished" | "not_listed" | null {
  if (viewerId === null || listing.agent.ownerId !== viewerId) return null;
  if (listing.agent.status === "unpublished") return "unpublished";
  return listing.listed ? null : "not_listed";
}
