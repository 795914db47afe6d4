// The registry record's words, shared by the agent page's panel and the dashboard (no server code here).
import { GASL_RISK_WORDS } from "@/lib/domain/formats/ga4gh/entry-schema";

const DAY_MS = 24 * 3_600_000;

/** "2026-09-24 09:00 UTC": one notation whatever the reader's locale, so a cache's age is never misread. */
export function utcWords(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "today", "1 day ago", "12 days ago". */
export function daysAgoWords(at: Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
  if (days === 0) return "today";
  return days === 1 ? "1 day ago" : `${days} days ago`;
}

/** "Mirrored from <uri>, last synced <time> (N days ago) — not a live reading". */
export function mirroredWords(uri: string, syncedAt: Date, now: Date): string {
  return `Mirrored from ${uri}, last synced ${utcWords(syncedAt)} (${daysAgoWords(syncedAt, now)}) — not a live reading`;
}

/** "Last sync failed <time>: <why>; showing the snapshot of <time>". */
export function failedSyncWords(failedAt: Date, why: string, syncedAt: Date): string {
  return `Last sync failed ${utcWords(failedAt)}: ${why.replace(/\.$/, "")}; showing the snapshot of ${utcWords(syncedAt)}`;
}

/** The gasl level as a risk label: "Level 2 of 4 — moderate risk (agent runtime risk scale)". */
export function gaslRiskWords(level: number): string {
  const words = GASL_RISK_WORDS[level] ?? "unknown risk";
  return `Level ${level} of 4 — ${words} (GA4GH agent runtime risk scale)`;
}

export function delegationWords(d: { max_depth?: number; attenuated_minting?: boolean; supported_credential_types?: string[] } | undefined): string {
  if (!d) return "Not stated";
  const parts: string[] = [];
  if (d.max_depth !== undefined)
    parts.push(d.max_depth === 0 ? "does not delegate further" : `delegates up to ${d.max_depth} level${d.max_depth === 1 ? "" : "s"} deep`);
  if (d.attenuated_minting !== undefined) parts.push(d.attenuated_minting ? "mints attenuated credentials" : "does not mint attenuated credentials");
  if (d.supported_credential_types && d.supported_credential_types.length > 0) parts.push(`accepts ${d.supported_credential_types.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "Not stated";
}

export function retentionWords(days: number | undefined): string {
  if (days === undefined) return "Not stated";
  if (days === 0) return "Audit traces are not kept";
  return `Audit traces kept ${days} day${days === 1 ? "" : "s"}`;
}
