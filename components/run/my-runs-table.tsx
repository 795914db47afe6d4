import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { controlClassName } from "@/components/ui/input";
import { servicePath } from "@/lib/model/addresses/paths";
import type { MyRun } from "@/lib/domain/runs/queries";
import { serviceKey, type MyRunsFilters } from "@/lib/domain/runs/my-runs-filters";
import { MY_RUNS_PATH, runAgainPath } from "@/lib/domain/runs/paths";
import { durationText } from "@/lib/domain/runs/run-words";
import { StatusBadge, statusLabels } from "./run-answer";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

type ServiceOption = { name: string; handle: string; capabilityId: string };

/** Status and service filters: a plain GET form, so it works without JavaScript. */
export function MyRunsFiltersForm({ filters, services }: { filters: MyRunsFilters; services: ServiceOption[] }) {
  const active = filters.status !== null || filters.service !== null;
  return (
    <form action={MY_RUNS_PATH} method="get" aria-label="Filter runs" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1">
        <label htmlFor="runs-status" className="text-sm font-medium">
          Status
        </label>
        <select id="runs-status" name="status" defaultValue={filters.status ?? ""} className={`${controlClassName} h-10`}>
          <option value="">Any status</option>
          {Object.entries(statusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1 sm:max-w-xs">
        <label htmlFor="runs-service" className="text-sm font-medium">
          Service
        </label>
        <select id="runs-service" name="service" defaultValue={filters.service ? serviceKey(filters.service) : ""} className={`${controlClassName} h-10`}>
          <option value="">Any service</option>
          {services.map((s) => (
            <option key={serviceKey(s)} value={serviceKey(s)}>
              {s.name} ({s.handle})
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClassName({ variant: "secondary" })}>
          Show runs
        </button>
        {active ? (
          <Link href={MY_RUNS_PATH} className="text-sm text-accent underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function ServiceName({ run }: { run: MyRun }) {
  if (run.service) {
    return (
      <>
        <Link href={servicePath(run.service.handle, run.service.capabilityId)} className="text-accent underline">
          {run.service.name}
        </Link>
        <span className="block truncate whitespace-nowrap text-xs text-muted-foreground">{run.service.handle}</span>
      </>
    );
  }
  return (
    <>
      {run.deleted?.name ?? "A service"} <span className="text-muted-foreground">(deleted service)</span>
      {run.deleted?.handle ? <span className="block text-xs text-muted-foreground">{run.deleted.handle}</span> : null}
    </>
  );
}

function RunNotes({ run }: { run: MyRun }) {
  return (
    <>
      {run.dryRun ? <span className="block text-xs">dry run</span> : null}
      {run.paid ? <span className="block text-xs">paid plan</span> : null}
      {run.repeatCount > 0 ? <span className="block text-xs">repeated {run.repeatCount}×</span> : null}
    </>
  );
}

function RunAgain({ run }: { run: MyRun }) {
  if (!run.service) return null;
  return (
    <Link href={runAgainPath(run.service.handle, run.service.capabilityId)} className="text-sm font-medium text-accent underline">
      Run again<span className="sr-only">: {run.service.name}</span>
    </Link>
  );
}

/** The viewer's runs: cards on phones, a table from 768 px (only one of them is displayed, so read once). */
export function MyRunsTable({ runs, filtered = false }: { runs: MyRun[]; filtered?: boolean }) {
  if (runs.length === 0) {
    return filtered ? (
      <p className="rounded-lg border border-dashed border-border p-6">
        No runs match these filters.{" "}
        <Link href={MY_RUNS_PATH} className="text-accent underline">
          Show every run
        </Link>
        .
      </p>
    ) : (
      <p className="rounded-lg border border-dashed border-border p-6">
        You have not run any service yet.{" "}
        <Link href="/" className="text-accent underline">
          Find one
        </Link>{" "}
        and run it from its page.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Your runs" className="flex flex-col gap-3 md:hidden">
        {runs.map((run) => (
          <li key={run.id} className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <ServiceName run={run} />
              </div>
              <StatusBadge status={run.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {when.format(run.startedAt)} UTC{run.durationMs === null ? "" : ` · ${durationText(run.durationMs)}`}
            </p>
            <RunNotes run={run} />
            {run.message ? <p className="text-sm">{run.message}</p> : null}
            <p className="text-xs text-muted-foreground">
              Execution ID <code className="break-all font-mono">{run.id}</code>
            </p>
            <RunAgain run={run} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your executions</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">
                Service
              </th>
              <th scope="col" className="py-2 pr-4">
                Started (UTC)
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2 pr-4">
                Time taken
              </th>
              <th scope="col" className="py-2 pr-4">
                What happened
              </th>
              <th scope="col" className="py-2 pr-4">
                Execution ID
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-b border-border align-top">
                <td className="py-2 pr-4">
                  <ServiceName run={run} />
                </td>
                <td className="whitespace-nowrap py-2 pr-4">{when.format(run.startedAt)}</td>
                <td className="py-2 pr-4">
                  <StatusBadge status={run.status} />
                  <RunNotes run={run} />
                </td>
                <td className="py-2 pr-4 tabular-nums">{run.durationMs === null ? "—" : durationText(run.durationMs)}</td>
                <td className="py-2 pr-4">{run.message ?? "—"}</td>
                <td className="py-2 pr-4">
                  <code className="break-all font-mono text-xs">{run.id}</code>
                </td>
                <td className="whitespace-nowrap py-2">
                  <RunAgain run={run} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
