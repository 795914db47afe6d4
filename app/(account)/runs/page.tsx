import type { Metadata } from "next";
import { MyRunsTable } from "@/components/run/my-runs-table";
import { requireViewer } from "@/lib/accounts/viewer";
import { findMyRuns } from "@/lib/runs/queries";

export const metadata: Metadata = { title: "My runs" };

export default async function MyRunsPage() {
  const viewer = await requireViewer("/runs");
  const runs = await findMyRuns(viewer);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">My runs</h1>
        <p className="mt-1 text-muted-foreground">
          Every service you ran, newest first. Explore keeps only these records and SHA-256 fingerprints, never your arguments or the answers.
        </p>
      </div>
      <MyRunsTable runs={runs} />
    </div>
  );
}
