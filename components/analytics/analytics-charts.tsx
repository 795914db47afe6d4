"use client";

import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis, type DotItemDotProps } from "recharts";
import "./analytics-charts.css";

// The analytics page's charts (recharts, in the browser only: this module is imported by that page alone, so
// no other page's bundle carries it). Colours are CSS variables (analytics-charts.css). The charts are hidden
// from assistive technology: each one's heading, summary and data table say the same in words.

export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = { label: string } & Record<string, string | number | null>;

const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };
const tooltipStyle = { backgroundColor: "var(--surface)", border: "1px solid var(--border)", color: "var(--foreground)", borderRadius: 6, fontSize: 13 };
const chartStyle = { width: "100%", height: 260 };

function Frame({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" className="analytics-chart h-[260px] w-full">
      {children}
    </div>
  );
}

/** Bars per day, stacked by series (outcomes, or passed/failed). */
export function StackedBarsChart({ data, series }: { data: ChartRow[]; series: ChartSeries[] }) {
  return (
    <Frame>
      <BarChart responsive style={chartStyle} data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} stroke="var(--border)" interval="preserveStartEnd" minTickGap={16} />
        <YAxis allowDecimals={false} tick={axisTick} stroke="var(--border)" />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: "var(--muted)" }} />
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: "var(--foreground)" }} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="day" fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}

const hasValue = (points: DotItemDotProps["points"], i: number) => points[i]?.value != null;

/**
 * A dot only where a day has a value and neither neighbour does: a line needs two points, so such a day (an
 * agent's first, or one between gaps) would otherwise draw nothing.
 */
function IsolatedDot({ points, index, cx, cy, stroke }: DotItemDotProps) {
  if (!hasValue(points, index) || hasValue(points, index - 1) || hasValue(points, index + 1) || cx == null || cy == null) return null;
  return <circle className="recharts-line-dot" cx={cx} cy={cy} r={4} fill={stroke} stroke={stroke} />;
}

/** Lines per day (latency percentiles), gaps where a day has no value, a dot for a day standing alone. */
export function LinesChart({ data, series, unit }: { data: ChartRow[]; series: ChartSeries[]; unit: string }) {
  return (
    <Frame>
      <LineChart responsive style={chartStyle} data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} stroke="var(--border)" interval="preserveStartEnd" minTickGap={16} />
        <YAxis tick={axisTick} stroke="var(--border)" unit={` ${unit}`} width={72} />
        <Tooltip contentStyle={tooltipStyle} />
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: "var(--foreground)" }} />
        {series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={IsolatedDot} connectNulls={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </Frame>
  );
}
