// Selections over listings' numbers or places: the best k of many without sorting them all.

/** A comparison for Array.prototype.sort from "a comes before b". */
export function sorting(before: (a: number, b: number) => boolean): (a: number, b: number) => number {
  return (a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
}

/** The first `k` of `items` in the order `before` gives, best first; `items` is reordered. */
export function top(items: number[], k: number, before: (a: number, b: number) => boolean): number[] {
  return select(items, k, before).sort(sorting(before));
}

/** A pseudo-random number from `seed`, and the next seed (a linear congruential step). */
function nextSeed(seed: number): number {
  return (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
}

/**
 * The `k` best of `items` in the order `before` gives (a strict order), in no order: selected in place
 * (quickselect, ~3 comparisons an item on average whatever order they come in), `items` reordered.
 */
export function select(items: number[] | Int32Array, k: number, before: (a: number, b: number) => boolean): number[] {
  const want = Math.min(k, items.length);
  if (want <= 0) return [];
  const t = want - 1;
  let [lo, hi, seed] = [0, items.length - 1, 0x9e3779b9];
  while (lo < hi) {
    // A pivot from the middle one of three places picked at random: no order of the items makes it a bad one often.
    seed = nextSeed(seed);
    const span = hi - lo + 1;
    const [x, y, z] = [items[lo + (seed % span)] ?? 0, items[lo + ((seed >>> 8) % span)] ?? 0, items[lo + ((seed >>> 16) % span)] ?? 0];
    const pivot = before(x, y) ? (before(y, z) ? y : before(x, z) ? z : x) : before(x, z) ? x : before(y, z) ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(items[i] ?? 0, pivot)) i += 1;
      while (before(pivot, items[j] ?? 0)) j -= 1;
      if (i <= j) {
        const held = items[i] ?? 0;
        items[i] = items[j] ?? 0;
        items[j] = held;
        i += 1;
        j -= 1;
      }
    }
    // items[lo..j] come before the pivot or are it, items[i..hi] after it or are it.
    if (t <= j) hi = j;
    else if (t >= i) lo = i;
    else break;
  }
  return Array.from(items.slice(0, want));
}

/** The `k`-th largest of `values` (1: the largest), selected in place as `select` does, with no call per comparison. */
function kthLargest(values: Float64Array, k: number): number {
  const t = k - 1;
  let [lo, hi, seed] = [0, values.length - 1, 0x9e3779b9];
  while (lo < hi) {
    seed = nextSeed(seed);
    const pivot = values[lo + (seed % (hi - lo + 1))] ?? 0;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] ?? 0) > pivot) i += 1;
      while ((values[j] ?? 0) < pivot) j -= 1;
      if (i <= j) {
        const held = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = held;
        i += 1;
        j -= 1;
      }
    }
    if (t <= j) hi = j;
    else if (t >= i) lo = i;
    else break;
  }
  return values[t] ?? 0;
}

/**
 * `items` (keys[t] is items[t]'s) split at the `want`-th largest key, `threshold`: those with a larger key (all among
 * the best `want`), and those with that key, of which the best `need` are.
 */
export function split(items: ArrayLike<number>, keys: Float64Array, want: number): { above: number[]; ties: number[]; need: number; threshold: number } {
  const threshold = kthLargest(keys.slice(), want);
  const above: number[] = [];
  const ties: number[] = [];
  for (let t = 0; t < items.length; t++) {
    const key = keys[t] ?? 0;
    if (key > threshold) above.push(items[t] ?? 0);
    else if (key === threshold) ties.push(items[t] ?? 0);
  }
  return { above, ties, need: want - above.length, threshold };
}
