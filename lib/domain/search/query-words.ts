// A query's words as the search sees them. Pure: the page's typo notice uses it too.

const MAX_WORDS = 8;

/** The query's words: lowercase letters and digits, no operators (so they are safe in to_tsquery). */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .normalize("NFKC")
        .split(/[^\p{L}\p{N}]+/u),
    ),
  ]
    .filter((w) => w.length > 0 && w.length <= 40)
    .slice(0, MAX_WORDS);
}
