import type { Listings } from "./listings";
import type { NameNeighbour, WrittenPlace } from "./types";

// Where written listings go in the in-memory index's orders: PostgreSQL's orders by row id and by name are
// read, not computed (its collation decides them), so a written listing is placed between its neighbours there.

/**
 * Each written listing's keys in the orders by row id and by name (Listings.idKey, nameRank), or why it cannot be
 * placed: "misplaced" (a neighbour the index does not hold as PostgreSQL does) or "full" (no number left between
 * two places).
 */
export function placesOf(listings: Listings, places: WrittenPlace[]): { idKeys: Map<string, number>; nameKeys: Map<string, number> } | "full" | "misplaced" {
  const idKeys = between(
    listings,
    listings.idKey,
    places,
    (p) => [p.idAfter, p.idBefore],
    (p) => p.idOrder,
  );
  const nameKeys = between(
    listings,
    listings.nameRank,
    places,
    (p) => [heldAs(listings, p.nameAfter), heldAs(listings, p.nameBefore)],
    (p) => p.nameOrder,
  );
  if (typeof idKeys === "string") return idKeys;
  if (typeof nameKeys === "string") return nameKeys;
  return { idKeys, nameKeys };
}

/** The id of a name neighbour, if the index holds it under the same name ("" when it does not: misplaced). */
function heldAs(listings: Listings, neighbour: NameNeighbour | null): string | null {
  if (neighbour === null) return null;
  const i = listings.numbers.get(neighbour.id);
  return i !== undefined && listings.nameWords[i] === neighbour.nameWords ? neighbour.id : "";
}

/**
 * Keys in one order for written listings: those between the same two neighbours (ids; null: no neighbour on
 * that side) share the gap between their keys in `keys`, in their own order.
 */
function between(
  listings: Listings,
  keys: Float64Array,
  places: WrittenPlace[],
  neighbours: (p: WrittenPlace) => [string | null, string | null],
  order: (p: WrittenPlace) => number,
): Map<string, number> | "full" | "misplaced" {
  const gaps = new Map<string, { lo: number; hi: number; in: WrittenPlace[] }>();
  for (const p of places) {
    const [after, before] = neighbours(p);
    const a = after === null ? null : listings.numbers.get(after);
    const b = before === null ? null : listings.numbers.get(before);
    if (a === undefined || b === undefined) return "misplaced";
    const lo = a === null ? (b === null ? 0 : (keys[b] ?? 0) - 1) : (keys[a] ?? 0);
    const hi = b === null ? lo + 1 : (keys[b] ?? 0);
    if (!(lo < hi)) return "misplaced";
    const key = `${after}\n${before}`;
    const gap = gaps.get(key) ?? { lo, hi, in: [] };
    gap.in.push(p);
    gaps.set(key, gap);
  }
  const out = new Map<string, number>();
  for (const { lo, hi, in: within } of gaps.values()) {
    within.sort((x, y) => order(x) - order(y));
    let last = lo;
    for (const [k, p] of within.entries()) {
      const key = lo + ((k + 1) * (hi - lo)) / (within.length + 1);
      // Doubles between two places run out after ~50 halvings at one spot.
      if (!(key > last && key < hi)) return "full";
      out.set(p.id, key);
      last = key;
    }
  }
  return out;
}
