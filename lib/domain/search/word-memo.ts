// What search remembers per word (typo corrections, stems): looked up in one statement for the words not
// known yet, and shared while in flight, so the several parts of one search page that ask about the same new
// words at once (results, counts, the typo notice) wait for one lookup instead of each making its own.

export type WordMemo<T> = {
  /** Each word's answer (null when the lookup gave none). */
  get(words: readonly string[]): Promise<Map<string, T | null>>;
  clear(): void;
};

export function wordMemo<T>(lookup: (words: string[]) => Promise<Map<string, T>>, options: { max: number }): WordMemo<T> {
  const known = new Map<string, Promise<T | null>>();
  return {
    async get(words) {
      const unknown = [...new Set(words.filter((w) => !known.has(w)))];
      if (unknown.length > 0) {
        if (known.size > options.max) known.clear();
        const found = lookup(unknown);
        // A failed lookup is forgotten, so the next search asks again.
        found.catch(() => unknown.forEach((w) => known.delete(w)));
        for (const w of unknown)
          known.set(
            w,
            found.then((answers) => answers.get(w) ?? null),
          );
      }
      const answers = await Promise.all(words.map(async (w) => [w, (await known.get(w)) ?? null] as const));
      return new Map(answers);
    },
    clear() {
      known.clear();
    },
  };
}
