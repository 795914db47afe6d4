/** Strings as small integers, in the order first seen: a value many listings share is held once. */
export class Dictionary<T extends string = string> {
  readonly values: T[] = [];
  readonly #ids = new Map<string, number>();
  id(value: T): number {
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.#ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.#ids.get(value);
  }
}
