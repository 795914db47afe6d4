import type { Viewer } from "@/lib/model/accounts/viewer";
import { findSuspensionNotice } from "@/lib/domain/moderation/queries";

/** On a suspended listing, for its publisher and administrators: that it is suspended, and why. */
export async function SuspensionNotice({ viewer, handle, capabilityId }: { viewer: Viewer | null; handle: string; capabilityId: string }) {
  const notice = await findSuspensionNotice(viewer, handle, capabilityId);
  if (!notice) return null;
  return (
    <div role="note" className="rounded-md border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
      <p className="font-semibold text-danger">Suspended by the moderators</p>
      <p className="mt-1">
        {notice.reason ?? "No reason was given."} Only you{viewer?.isAdmin ? " (an administrator)" : ", its publisher,"} and the administrators can see this
        page.
      </p>
    </div>
  );
}
