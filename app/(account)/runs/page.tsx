import type { Metadata } from "next";
import { MyRunsFiltersForm, MyRunsTable } from "@/components/run/my-runs-table";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { parseMyRunsFilters } from "@/lib/domain/runs/my-runs-filters";
import { findMyRunServices, findMyRuns } from "@/lib/domain/runs/queries";

export const metadata: Metadata = { title: "My runs" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MyRunsPage({ searchParams }: Props) {
  const viewer = await requireViewer("/runs");
  const filters = parseMyRunsFilters(await searchParams);
  const [runs, services] = await Promise.all([findMyRuns(viewer, filters), findMyRunServices(viewer)]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">My runs</h1>
        <p className="mt-1 text-muted-foreground">
          Every service you ran, newest first. Explore keeps only these records and SHA-256 fingerprints, never your arguments or the answers, so “Run again”
          opens the service’s Run panel for you to enter them again.
        </p>
      </div>
      <MyRunsFiltersForm filters={filters} services={services} />
      <MyRunsTable runs={runs} filtered={filters.status !== null || filters.service !== null} />
    </div>
  );
}
