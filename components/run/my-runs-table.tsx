import Link from "next/link";
import { servicePath } from "@/lib/listings/paths";
import type { MyRun } from "@/lib/runs/queries";
import { durationText } from "@/lib/runs/run-words";
import { StatusBadge } from "./run-answer";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export function MyRunsTable({ runs }: { runs: MyRun[] }) {
  if (runs.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-6">
        You have not run any service yet. <Link href="/" className="text-accent underline">Find one</Link> and run it from its page.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your executions</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4">Service</th>
            <th scope="col" className="py-2 pr-4">Started (UTC)</th>
            <th scope="col" className="py-2 pr-4">Status</th>
            <th scope="col" className="py-2 pr-4">Time taken</th>
            <th scope="col" className="py-2 pr-4">What happened</th>
            <th scope="col" className="py-2">Execution ID</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-b border-border align-top">
              <td className="py-2 pr-4">
                {run.service ? (
                  <>
                    <Link href={servicePath(run.service.handle, run.service.capabilityId)} className="text-accent underline">
                      {run.service.name}
                    </Link>
                    <span className="block text-xs text-muted-foreground">{run.service.handle}</span>
                  </>
                ) : (
                  <>
                    {run.deleted?.name ?? "A service"} <span className="text-muted-foreground">(deleted service)</span>
                    {run.deleted?.handle ? <span className="block text-xs text-muted-foreground">{run.deleted.handle}</span> : null}
                  </>
                )}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{when.format(run.startedAt)}</td>
              <td className="py-2 pr-4">
                <StatusBadge status={run.status} />
                {run.dryRun ? <span className="block text-xs">dry run</span> : null}
                {run.paid ? <span className="block text-xs">paid plan</span> : null}
                {run.repeatCount > 0 ? <span className="block text-xs">repeated {run.repeatCount}×</span> : null}
              </td>
              <td className="py-2 pr-4 tabular-nums">{run.durationMs === null ? "—" : durationText(run.durationMs)}</td>
              <td className="py-2 pr-4">{run.message ?? "—"}</td>
              <td className="py-2">
                <code className="break-all font-mono text-xs">{run.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
