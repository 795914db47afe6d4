import Link from "next/link";

/** On an unpublished agent's pages, which only its publisher can see: that this is a preview. */
export function PreviewBanner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div role="note" className="mb-4 rounded-md border border-info/40 bg-info/10 px-4 py-3 text-sm">
      <p className="font-semibold">Preview</p>
      <p className="mt-1">
        Only you see this page: the agent is not published. It goes on Explore, as you see it here, when you publish it (
        <Link href="/dashboard" className="text-accent underline">
          your agents
        </Link>
        ).
      </p>
    </div>
  );
}

/** Whether the viewer is looking at their own unpublished agent (the visibility rule shows it to nobody else). */
export function isOwnPreview(viewerId: string | null, agent: { ownerId: string; status: string }): boolean {
  return viewerId !== null && agent.ownerId === viewerId && agent.status === "unpublished";
}
