import { randomInt } from "node:crypto";

// A made-up search word for a test's planted rows, so rows other test files write never match it. Only
// consonants other than "s" and "y": PostgreSQL's english stemmer changes nothing in such a word, nor in any
// of its beginnings, so a test that types half of it or drops a letter gets the word it meant. (A random
// base-36 tail failed about once in 36 runs: a half ending in "y" stems to "…i", which begins no lexeme.)
const LETTERS = "bcdfghjkmnpqrtvwxz";

export function plantedWord(lead: string, length = 6): string {
  let word = lead;
  for (let i = 0; i < length; i++) word += LETTERS[randomInt(LETTERS.length)];
  return word;
}
