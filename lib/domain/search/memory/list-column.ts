/**
 * Each listing's list of ids (its languages, regions or tags) for the shared index, laid end to end in the
 * listings' order: listing i's ids are `values[starts[i]]` up to `values[starts[i + 1]]`. Two typed arrays, read
 * in the order of a search's matches, rather than one small array per listing: counting a search's facets
 * visits every match's lists, and small arrays scattered over the heap made that loop wait on memory (a tag
 * list is nearly always its listing's own).
 */
export class ListColumn {
  /** Where each listing's ids begin; where they end is where the next listing's begin. */
  readonly starts: Int32Array;
  #values = new Int32Array(1024);
  #listings = 0;

  constructor(capacity: number) {
    this.starts = new Int32Array(capacity + 1);
  }

  /** The ids of every listing, end to end (a new array after a later `add` that needed room: read it again then). */
  get values(): Int32Array {
    return this.#values;
  }

  /** Sets the ids of listing `i`, which must be the listing after the last one given (listings get numbers in turn). */
  add(i: number, ids: readonly number[]): void {
    if (i !== this.#listings) throw new Error(`listing ${i} given its list out of turn (expected ${this.#listings})`);
    const start = this.starts[i] ?? 0;
    const end = start + ids.length;
    if (end > this.#values.length) {
      const grown = new Int32Array(Math.max(end, this.#values.length * 2));
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values.set(ids, start);
    this.starts[i + 1] = end;
    this.#listings += 1;
  }

  /** Whether listing `i`'s list holds `id`. */
  has(i: number, id: number): boolean {
    const values = this.#values;
    for (let k = this.starts[i] ?? 0, end = this.starts[i + 1] ?? 0; k < end; k++) if (values[k] === id) return true;
    return false;
  }

  /** Listing `i`'s ids (a view: read it before the next `add`). */
  of(i: number): Int32Array {
    return this.#values.subarray(this.starts[i] ?? 0, this.starts[i + 1] ?? 0);
  }
}
