import Link from "next/link";
import { agentPath } from "@/lib/model/addresses/paths";

/** On the dashboard after the editor imported a draft: what happened, and where the agent is now. */
export function EditorConfirmation({ handle, published }: { handle: string; published: boolean }) {
  return (
    <div role="status" className="rounded-lg border border-success/40 bg-success/10 p-4">
      <h2 className="font-semibold">{published ? `Published ${handle}` : `Saved ${handle}, unpublished`}</h2>
      <p className="mt-1 text-sm">
        {published
          ? "Its offered services are on Explore now; the draft was removed."
          : "It is stored but not on Explore; publish it below when you are ready. The draft was removed."}{" "}
        <Link href={agentPath(handle)} className="text-accent underline">
          {published ? "View its page" : "Preview its page"}
        </Link>
      </p>
    </div>
  );
}
