import type { SampleTestLabel } from "@/lib/model/figures/sample-test-label";
import { timeAgo } from "@/lib/foundations/words/dates";

// The README badge: a small two-part SVG, honest in the same way as the label.

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Roughly the width of text in 11 px Verdana (the badge's font), so the halves fit their words. */
function textWidth(text: string): number {
  return Math.round(text.length * 6.5 + 10);
}

export function badgeWords(label: SampleTestLabel, now: Date): { value: string; color: string } {
  switch (label.kind) {
    case "tested":
      return { value: `passed ${timeAgo(label.lastPassAt, now)} · ${label.passed30}/${label.total30}`, color: "#1a7f37" };
    case "failing":
      return { value: "example not currently passing", color: "#b35900" };
    case "not_testable":
      return { value: "not sample-testable", color: "#6e7781" };
    case "none":
      return { value: "not recently tested", color: "#6e7781" };
  }
}

export function sampleTestBadgeSvg(label: SampleTestLabel, now: Date): string {
  const left = "sample-tested";
  const { value, color } = badgeWords(label, now);
  const lw = textWidth(left);
  const rw = textWidth(value);
  const title = escapeXml(`Explore ${left}: ${value}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + rw}" height="20" role="img" aria-label="${title}"><title>${title}</title><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${color}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="14">${escapeXml(left)}</text><text x="${lw + rw / 2}" y="14">${escapeXml(value)}</text></g></svg>`;
}
