import { DataTable, ROW_CLASS } from "@/components/ui/data-table";
import type { SampleTestView } from "@/lib/domain/sample-tests/queries";

/** The last results, newest first, with failure reasons in words. */
export function SampleTestHistory({ tests }: { tests: SampleTestView[] }) {
  if (tests.length === 0) return <p>No results yet.</p>;
  return (
    <DataTable caption={`The last ${tests.length} sample tests, newest first`} columns={["When (UTC)", "Version", "Result", "Latency", "Why it failed"]}>
      {tests.map((t) => (
        <tr key={t.startedAt.toISOString()} className={ROW_CLASS}>
          <td className="py-2 pr-4 whitespace-nowrap">
            <time dateTime={t.startedAt.toISOString()}>{t.startedAt.toISOString().slice(0, 16).replace("T", " ")}</time>
          </td>
          <td className="py-2 pr-4">{t.capabilityVersion}</td>
          <td className={t.status === "passed" ? "py-2 pr-4 text-success" : "py-2 pr-4 text-danger"}>{t.status === "passed" ? "Passed" : "Failed"}</td>
          <td className="py-2 pr-4">{t.latencyMs !== null ? `${t.latencyMs} ms` : "—"}</td>
          <td className="py-2">{t.failureReason ?? ""}</td>
        </tr>
      ))}
    </DataTable>
  );
}
