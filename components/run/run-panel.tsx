import Link from "next/link";
import { getViewer } from "@/lib/accounts/viewer";
import { signInPath } from "@/lib/accounts/return-path";
import { servicePath } from "@/lib/listings/paths";
import { getRunPanel } from "@/lib/runs/queries";
import { notRunnableMessage } from "@/lib/runs/run-words";
import { RunForm } from "./run-form";

// The Run panel of a service page. It reads for itself (through the visibility rule, per request cached)
// so the service page needs one element; the real checks happen again in the run action.
export async function RunPanel({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  const viewer = await getViewer();
  const info = await getRunPanel(viewer, handle, capabilityId);
  if (!info) return null;
  const plan = info.plan;
  return (
    <section aria-labelledby="run-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <h2 id="run-heading" className="text-lg font-semibold">
        Run it
      </h2>
      {info.notRunnable ? (
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
        <>
          {plan?.kind === "free" && plan.dailyLimit !== null ? (
            <p className="text-sm text-muted-foreground">
              Free plan: {Math.max(0, plan.dailyLimit - (plan.usedToday ?? 0))} of {plan.dailyLimit} runs left today (resets at midnight UTC).
            </p>
          ) : null}
          {plan?.kind === "paid" ? (
            <p role="note" className="rounded-md border border-info/40 bg-info/10 p-3 text-sm">
              A run uses the paid plan <strong>{plan.price}</strong>. Explore takes no payment itself: the provider bills you through{" "}
              <a href={plan.paymentLink} className="text-accent underline" rel="noopener noreferrer" target="_blank">
                their payment link
              </a>
              , and each run asks for your agreement first.
            </p>
          ) : null}
          <RunForm info={info} />
        </>
      )}
    </section>
  );
}
