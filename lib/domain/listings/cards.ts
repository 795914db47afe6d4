import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { checkDataRules } from "@/lib/domain/data-rules/match";
import { findSavedDataRules } from "@/lib/domain/data-rules/queries";
import { hasAnyRule } from "@/lib/domain/data-rules/rules";
import { findCardStats, type CardStats } from "./card-stats";

// Cards of a page, hydrated from the catalog's read model: the figures (one query for every card) and, for a
// viewer who saved data rules, how many of them each service meets. The rule check is the viewer's own:
// pages call this per request, and the HTTP cache in front never stores a signed-in answer (deploy/varnish).

export type RulesVerdict = { met: number; total: number };

export type CardExtras = { stats: CardStats | null; rules: RulesVerdict | null };

/**
 * What the cards of these listings (by row id) say besides the listing: read at once, then given per listing.
 * A caller that knows the ids before it has the listings reads both together.
 */
export async function cardExtras(
  viewer: Viewer | null,
  rowIds: readonly string[],
  now = new Date(),
): Promise<(listing: Pick<CatalogCapability, "rowId" | "data">) => CardExtras> {
  const [stats, rules] = await Promise.all([findCardStats(rowIds, now), viewer ? findSavedDataRules(viewer.id) : Promise.resolve(null)]);
  const active = rules && hasAnyRule(rules) ? rules : null;
  return (listing) => {
    const checks = active ? checkDataRules(active, listing.data) : null;
    return {
      stats: stats.get(listing.rowId) ?? null,
      rules: checks ? { met: checks.filter((c) => c.ok).length, total: checks.length } : null,
    };
  };
}

export async function hydrateCards<T extends CatalogCapability>(viewer: Viewer | null, listings: readonly T[], now = new Date()): Promise<(T & CardExtras)[]> {
  const extras = await cardExtras(
    viewer,
    listings.map((l) => l.rowId),
    now,
  );
  return listings.map((listing) => ({ ...listing, ...extras(listing) }));
}
