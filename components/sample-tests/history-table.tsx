import type { SampleTestView } from "@/lib/sample-tests/queries";

/** The last results, newest first, with failure reasons in words. */
export function SampleTestHistory({ tests }: { tests: SampleTestView[] }) {
  if (tests.length === 0) return <p>No results yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The last {tests.length} sample tests, newest first</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4">
              When (UTC)
            </th>
            <th scope="col" className="py-2 pr-4">
              Version
            </th>
            <th scope="col" className="py-2 pr-4">
              Result
            </th>
            <th scope="col" className="py-2 pr-4">
              Latency
            </th>
            <th scope="col" className="py-2">
              Why it failed
            </th>
          </tr>
        </thead>
        <tbody>
          {tests.map((t) => (
            <tr key={t.startedAt.toISOString()} className="border-b border-border align-top last:border-b-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={t.startedAt.toISOString()}>{t.startedAt.toISOString().slice(0, 16).replace("T", " ")}</time>
              </td>
              <td className="py-2 pr-4">{t.capabilityVersion}</td>
              <td className={t.status === "passed" ? "py-2 pr-4 text-success" : "py-2 pr-4 text-danger"}>{t.status === "passed" ? "Passed" : "Failed"}</td>
              <td className="py-2 pr-4">{t.latencyMs !== null ? `${t.latencyMs} ms` : "—"}</td>
              <td className="py-2">{t.failureReason ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
