import Link from "next/link";
import { getViewer } from "@/lib/model/accounts/viewer";
import { signInPath } from "@/lib/model/accounts/return-path";
import { servicePath } from "@/lib/model/addresses/paths";
import { getRunPanel } from "@/lib/domain/runs/queries";
import { notRunnableMessage } from "@/lib/domain/runs/run-words";
import { RunForm } from "./run-form";

// The Run panel of a service page. It reads for itself (through the visibility rule, per request cached)
// so the service page needs one element; the real checks happen again in the run action. When only the
// plans stand in the way (nothing left today, nothing bought), the form stays, so a last answer stays in view.
export async function RunPanel({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  const viewer = await getViewer();
  const info = await getRunPanel(viewer, handle, capabilityId);
  if (!info) return null;
  return (
    <section aria-labelledby="run-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <h2 id="run-heading" className="text-lg font-semibold">
        Run it
      </h2>
      {info.notRunnable && info.plans.length === 0 ? (
        <div role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p>{notRunnableMessage(info.notRunnable)}</p>
          {info.notRunnable.reason === "sign_in" ? (
            <p className="mt-2">
              <Link href={signInPath(servicePath(handle, capabilityId))} className="text-accent underline">
                Sign in
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <RunForm info={info} />
      )}
    </section>
  );
}
