import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LinesChart, StackedBarsChart, type ChartSeries } from "@/components/analytics/analytics-charts";
import { ChartFigure } from "@/components/analytics/chart-figure";
import { ErrorsByKind } from "@/components/analytics/errors-by-kind";
import { ServiceFilter } from "@/components/analytics/service-filter";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { statusLabels } from "@/components/run/run-answer";
import { UnknownOutcomes } from "@/components/run/unknown-outcomes";
import { Badge } from "@/components/ui/badge";
import { getViewer, requireViewer } from "@/lib/model/accounts/viewer";
import { OUTCOMES } from "@/lib/domain/analytics/outcomes";
import { analyticsCsvPath, analyticsDashboardPath, serviceFromQuery } from "@/lib/domain/analytics/paths";
import { findAgentAnalytics } from "@/lib/domain/analytics/queries";
import { aboutLatencyText, countText, dayText, percentText } from "@/lib/domain/analytics/words";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { findEscalatedUnknownOutcomes } from "@/lib/domain/runs/queries";

type Props = { params: Promise<{ handle: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [raw, viewer] = await Promise.all([params, getViewer()]);
  const handle = handleFromParam(raw.handle);
  return { title: viewer && handle ? `Analytics · ${handle}` : "Analytics", robots: { index: false } };
}

const outcomeSeries: ChartSeries[] = OUTCOMES.map((s) => ({ key: s, label: statusLabels[s], color: `var(--chart-${s})` }));
const latencySeries: ChartSeries[] = [
  { key: "p50", label: "p50 (median)", color: "var(--chart-p50)" },
  { key: "p95", label: "p95", color: "var(--chart-p95)" },
];
const testSeries: ChartSeries[] = [
  { key: "passed", label: "Passed", color: "var(--chart-passed)" },
  { key: "failed", label: "Failed", color: "var(--chart-failed-test)" },
];

export default async function AgentAnalyticsPage({ params, searchParams }: Props) {
  const [raw, query] = await Promise.all([params, searchParams]);
  const serviceId = serviceFromQuery(query.service);
  const viewer = await requireViewer(analyticsDashboardPath(raw.handle, serviceId));
  const handle = handleFromParam(raw.handle);
  const [analytics, unknownOutcomes] = handle
    ? await Promise.all([findAgentAnalytics(viewer.id, handle, serviceId), findEscalatedUnknownOutcomes(viewer.id, 50, { handle, capabilityId: serviceId })])
    : [null, []];
  if (!analytics) notFound();

  const { total, days, sampleTests, service } = analytics;
  const scopeWords = service ? `of ${service.name}` : "of all its services";
  const period = `${dayText(analytics.firstDay)} – ${dayText(analytics.lastDay)}`;
  const busiest = days.reduce((best, d) => (d.runs > best.runs ? d : best), days[0] ?? { day: analytics.lastDay, runs: 0 });
  const latencyDays = days.filter((d) => d.p50Ms !== null);
  const testsRun = sampleTests.passed + sampleTests.failed;

  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader title={`Analytics: ${analytics.displayName}`} handle={analytics.handle} badge={<Badge tone="info">Last 30 days, UTC</Badge>}>
        Counted from execution records only — when each run started, how it ended and how long it took — never from what was sent or returned.
      </AgentPageHeader>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <ServiceFilter handle={analytics.handle} services={analytics.services} selected={service?.capabilityId ?? analytics.unknownService} />
        {analytics.unknownService === null ? (
          <a href={analyticsCsvPath(analytics.handle, service?.capabilityId)} download className="text-sm font-medium text-accent underline">
            Download CSV<span className="sr-only"> of the analytics {scopeWords}</span> (one row per day and service)
          </a>
        ) : null}
      </div>

      {analytics.unknownService !== null ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          This agent has no service with the ID “{analytics.unknownService}”, so there is nothing to count. Choose one of its services above.
        </p>
      ) : total.runs === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6">
          <p className="font-medium">No runs in the last 30 days {scopeWords}.</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Runs appear here as soon as someone runs a service, with how they ended and how long they took. Sample tests are counted below.
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="figures" className="flex flex-col gap-3">
            <h2 id="figures" className="sr-only">
              The 30 days in figures
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                ["Runs", total.runs.toLocaleString("en-US")],
                ["Succeeded", percentText(total.successRate)],
                ["p50 latency", aboutLatencyText(total.p50Ms)],
                ["p95 latency", aboutLatencyText(total.p95Ms)],
              ].map(([term, value]) => (
                <div key={term} className="rounded-lg border border-border bg-surface p-3">
                  <dt className="text-sm text-muted-foreground">{term}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted-foreground">
              Succeeded counts finished runs (succeeded, tool error, failed, timed out, outcome unknown); latency is the duration of those finished runs.
              Latencies are approximate (“about”): they are read from durations counted in ranges about a fifth wide, so a figure may be off by up to a fifth.
            </p>
          </section>

          <ChartFigure
            id="runs-per-day"
            title="Runs per day"
            summary={`${countText(total.runs, "run")} ${scopeWords} from ${period}; the busiest day was ${dayText(busiest.day)} with ${countText(busiest.runs, "run")}. ${percentText(total.successRate)} of finished runs succeeded.`}
            table={{
              caption: `Runs per day by outcome, ${period}`,
              columns: ["Day (UTC)", "Runs", ...OUTCOMES.map((s) => statusLabels[s])],
              rows: days.map((d) => ({ key: d.day, cells: [dayText(d.day), d.runs, ...OUTCOMES.map((s) => d.outcomes[s])] })),
            }}
          >
            <StackedBarsChart data={days.map((d) => ({ label: dayText(d.day), ...d.outcomes }))} series={outcomeSeries} />
          </ChartFigure>

          <ChartFigure
            id="latency"
            title="Latency"
            summary={
              latencyDays.length === 0
                ? "No run finished in these 30 days, so there is no latency to show."
                : `Over the 30 days, half of the finished runs took ${aboutLatencyText(total.p50Ms)} or less (p50) and 95% took ${aboutLatencyText(total.p95Ms)} or less (p95). The figures are approximate.`
            }
            table={{
              caption: `Approximate p50 and p95 latency of finished runs per day, ${period}`,
              columns: ["Day (UTC)", "p50", "p95"],
              rows: days.map((d) => ({ key: d.day, cells: [dayText(d.day), aboutLatencyText(d.p50Ms), aboutLatencyText(d.p95Ms)] })),
            }}
          >
            <LinesChart
              data={days.map((d) => ({
                label: dayText(d.day),
                p50: d.p50Ms === null ? null : Math.round(d.p50Ms),
                p95: d.p95Ms === null ? null : Math.round(d.p95Ms),
              }))}
              series={latencySeries}
              unit="ms"
            />
          </ChartFigure>

          <ErrorsByKind outcomes={total.outcomes} runs={total.runs} />
        </>
      )}

      {analytics.unknownService === null ? (
        <ChartFigure
          id="sample-tests"
          title="Sample tests"
          summary={
            testsRun === 0
              ? `No sample test ran in the last 30 days ${scopeWords}.`
              : `${percentText(sampleTests.passRate)} of ${countText(testsRun, "sample test")} passed from ${period} (${sampleTests.passed.toLocaleString("en-US")} passed, ${sampleTests.failed.toLocaleString("en-US")} failed).`
          }
          table={{
            caption: `Sample tests passed and failed per day, ${period}`,
            columns: ["Day (UTC)", "Passed", "Failed"],
            rows: sampleTests.days.map((d) => ({ key: d.day, cells: [dayText(d.day), d.passed, d.failed] })),
          }}
        >
          {testsRun > 0 ? (
            <StackedBarsChart data={sampleTests.days.map((d) => ({ label: dayText(d.day), passed: d.passed, failed: d.failed }))} series={testSeries} />
          ) : null}
        </ChartFigure>
      ) : null}

      <UnknownOutcomes outcomes={unknownOutcomes} />
    </div>
  );
}
