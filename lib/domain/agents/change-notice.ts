import { changeKindHeadlines, changeKindOf, type ChangeKind } from "./service-changes";

// The notice a consumer who ran a service sees when it changed since (issue #13). Per viewer: computed in the
// signed-in part of the page only, never in an answer the shared cache may keep.

export type ChangeNotice = { lastRun: Date; headlines: string[] };

/** The kinds of change made after `lastRun`, in words; null when nothing changed since (or they never ran it). */
export function changeNoticeFor(changes: readonly { kind: string; createdAt: Date }[], lastRun: Date | null): ChangeNotice | null {
  if (!lastRun) return null;
  const kinds = new Set<ChangeKind | null>(changes.filter((c) => c.createdAt > lastRun).map((c) => changeKindOf(c.kind)));
  if (kinds.size === 0) return null;
  const headlines = [...kinds].map((k) => (k ? changeKindHeadlines[k] : "The service changed"));
  return { lastRun, headlines };
}
