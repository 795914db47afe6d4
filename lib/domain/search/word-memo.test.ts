import { describe, expect, it } from "vitest";
import { wordMemo } from "./word-memo";

function countingLookup(answers: Record<string, string>) {
  const asked: string[][] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const lookup = async (words: string[]) => {
    asked.push(words);
    await gate;
    return new Map(words.flatMap((w) => (answers[w] ? [[w, answers[w]] as const] : [])));
  };
  return { asked, release, lookup };
}

describe("wordMemo", () => {
  it("asks once for words several callers want at the same time, and remembers them", async () => {
    const { asked, release, lookup } = countingLookup({ wether: "weather" });
    const memo = wordMemo(lookup, { max: 100 });
    const first = memo.get(["wether", "loan"]);
    const second = memo.get(["loan", "wether", "wether"]);
    release();
    expect(await first).toEqual(
      new Map([
        ["wether", "weather"],
        ["loan", null],
      ]),
    );
    expect(await second).toEqual(
      new Map([
        ["loan", null],
        ["wether", "weather"],
      ]),
    );
    expect(await memo.get(["wether"])).toEqual(new Map([["wether", "weather"]]));
    expect(asked).toEqual([["wether", "loan"]]);
  });

  it("asks again for a word whose lookup failed, and after clear()", async () => {
    let fail = true;
    const asked: string[][] = [];
    const memo = wordMemo(
      async (words: string[]) => {
        asked.push(words);
        if (fail) throw new Error("database unavailable");
        return new Map([["pet", "pet"]]);
      },
      { max: 100 },
    );
    await expect(memo.get(["pet"])).rejects.toThrow("database unavailable");
    fail = false;
    expect(await memo.get(["pet"])).toEqual(new Map([["pet", "pet"]]));
    memo.clear();
    await memo.get(["pet"]);
    expect(asked).toEqual([["pet"], ["pet"], ["pet"]]);
  });

  it("does not keep an answer that arrives after clear()", async () => {
    const { asked, release, lookup } = countingLookup({ wether: "weather" });
    const memo = wordMemo(lookup, { max: 100 });
    const before = memo.get(["wether"]);
    memo.clear();
    release();
    expect(await before).toEqual(new Map([["wether", "weather"]]));
    await memo.get(["wether"]);
    expect(asked).toEqual([["wether"], ["wether"]]);
  });
});
