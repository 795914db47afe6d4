import { describe, expect, it } from "vitest";
import { ListColumn } from "./list-column";

describe("ListColumn", () => {
  it("keeps each listing's ids apart, an empty list included, past the room it started with", () => {
    const column = new ListColumn(3000);
    const lists = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? [] : [i, i + 1, i + 2]));
    lists.forEach((ids, i) => column.add(i, ids));
    expect([...column.of(0)]).toEqual([]);
    expect([...column.of(1)]).toEqual([1, 2, 3]);
    expect([...column.of(2999)]).toEqual([2999, 3000, 3001]);
    expect(column.has(2, 4)).toBe(true);
    expect(column.has(2, 5)).toBe(false);
    expect(column.has(3, 3)).toBe(false);
    // Ids in the order the listings were given, end to end.
    expect(column.values.subarray(column.starts[1], column.starts[3])).toEqual(Int32Array.from([1, 2, 3, 2, 3, 4]));
  });

  it("refuses a listing given out of turn", () => {
    const column = new ListColumn(4);
    column.add(0, [7]);
    expect(() => column.add(2, [8])).toThrow(/out of turn/);
    expect(() => column.add(0, [8])).toThrow(/out of turn/);
    column.add(1, [8]);
    expect([...column.of(1)]).toEqual([8]);
  });
});
