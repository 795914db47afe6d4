import type { Sort } from "@/lib/domain/search/filters";
import type { Listings } from "./listings";
import type { Matches } from "./matches";
import { select, sorting, split } from "./select";

// The in-memory index's orders, each written as PostgreSQL's statement writes it (postgres/sql.ts, orderSql):
// relevance (a name that says exactly the query first, then the words' scores, newest, row id descending),
// newest, name (PostgreSQL's collation, read at the load), most run and reputation (ties newest first).

/** The places of the first `count` of `matches` in `sort`'s order (by relevance, a name that says the query aside). */
export function rankedOnce(listings: Listings, matches: Matches, sort: Sort, count: number): Int32Array {
  const places = new Int32Array(matches.numbers.length);
  for (let j = 0; j < places.length; j++) places[j] = j;
  return Int32Array.from(best(listings, matches, places, count, sort, []));
}

/**
 * The first `k` of `places` in `matches` in `sort`'s order, best first (by relevance, the places in `exact`
 * first). Most of them are told apart by the order's first key alone, a number per place (largest first), and
 * most of the rest by the next, the listing's creation time: the order's comparison, a call that reads several
 * arrays, is made only among those equal in both, and to sort the `k` chosen.
 */
export function best(listings: Listings, matches: Matches, places: number[] | Int32Array, k: number, sort: Sort, exact: number[]): number[] {
  const before = placeOrder(listings, matches, sort, exact);
  const want = Math.min(k, places.length);
  if (want <= 0) return [];
  const { numbers, relevance } = matches;
  const keys = new Float64Array(places.length);
  const [createdAt, nameRank, runs, reputation] = [listings.createdAt, listings.nameRank, listings.runs, listings.reputation];
  // One loop per order, with nothing to decide per place.
  if (sort === "relevance") {
    for (let t = 0; t < places.length; t++) keys[t] = relevance[places[t] ?? 0] ?? 0;
    if (exact.length > 0) for (let t = 0; t < places.length; t++) if (exact.includes(places[t] ?? 0)) keys[t] = Infinity;
  } else {
    const key = sort === "name" ? nameRank : sort === "most_run" ? runs : sort === "reputation" ? reputation : createdAt;
    for (let t = 0; t < places.length; t++) keys[t] = key[numbers[places[t] ?? 0] ?? 0] ?? 0;
    // By name the smallest place first; by reputation, none last.
    if (sort === "name") for (let t = 0; t < places.length; t++) keys[t] = -(keys[t] ?? 0);
    if (sort === "reputation") for (let t = 0; t < places.length; t++) if (Number.isNaN(keys[t])) keys[t] = -Infinity;
  }
  const first = split(places, keys, want);
  let { ties, need } = first;
  const chosen = first.above;
  // Ties of every order but the name's (and the exact names') go newest first.
  if (need < ties.length && sort !== "name" && first.threshold !== Infinity) {
    const times = new Float64Array(ties.length);
    for (let t = 0; t < ties.length; t++) times[t] = createdAt[numbers[ties[t] ?? 0] ?? 0] ?? 0;
    const second = split(ties, times, need);
    chosen.push(...second.above);
    ({ ties, need } = second);
  }
  chosen.push(...select(ties, need, before));
  return chosen.sort(sorting(before));
}

/** "a comes before b" for places `a` and `b` in `matches`, in `sort`'s order (by relevance, the places in `exact` first). */
export function placeOrder(listings: Listings, matches: Matches, sort: Sort, exact: number[]): (a: number, b: number) => boolean {
  if (sort === "relevance") return relevanceOrder(listings, matches, exact);
  const [order, { numbers }] = [orderOf(listings, sort), matches];
  return (a, b) => order(numbers[a] ?? 0, numbers[b] ?? 0);
}

/** "a comes before b" for a sort. */
export function orderOf(listings: Listings, sort: Sort): (a: number, b: number) => boolean {
  const [createdAt, position, idKey] = [listings.createdAt, listings.position, listings.idKey];
  // Newest first, then in the agent.json's order, then by row id.
  const newest = (a: number, b: number) =>
    createdAt[a] !== createdAt[b]
      ? (createdAt[a] ?? 0) > (createdAt[b] ?? 0)
      : position[a] !== position[b]
        ? (position[a] ?? 0) < (position[b] ?? 0)
        : (idKey[a] ?? 0) < (idKey[b] ?? 0);
  if (sort === "name") {
    const nameRank = listings.nameRank;
    return (a, b) => (nameRank[a] ?? 0) < (nameRank[b] ?? 0);
  }
  if (sort === "most_run") {
    const runs = listings.runs;
    return (a, b) => (runs[a] !== runs[b] ? (runs[a] ?? 0) > (runs[b] ?? 0) : newest(a, b));
  }
  if (sort === "reputation") {
    const reputation = listings.reputation;
    return (a, b) => {
      const x = reputation[a] ?? Number.NaN;
      const y = reputation[b] ?? Number.NaN;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? newest(a, b) : Number.isNaN(y);
      return x !== y ? x > y : newest(a, b);
    };
  }
  // Newest, and relevance without words to be relevant to.
  return newest;
}

/**
 * Relevance's "a comes before b" for places `a` and `b` in `matches`: a name that says exactly the query (places
 * in `exact`), then relevance, newest, row id.
 */
function relevanceOrder(listings: Listings, { numbers, relevance }: Matches, exact: number[]): (a: number, b: number) => boolean {
  const [createdAt, idKey] = [listings.createdAt, listings.idKey];
  // Called once per match or more: no allocation in it.
  return (a, b) => {
    if (exact.length > 0) {
      const na = exact.includes(a);
      const nb = exact.includes(b);
      if (na !== nb) return na;
    }
    const sa = relevance[a] ?? 0;
    const sb = relevance[b] ?? 0;
    if (sa !== sb) return sa > sb;
    const x = numbers[a] ?? 0;
    const y = numbers[b] ?? 0;
    return createdAt[x] !== createdAt[y] ? (createdAt[x] ?? 0) > (createdAt[y] ?? 0) : (idKey[x] ?? 0) > (idKey[y] ?? 0);
  };
}
