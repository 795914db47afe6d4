import { z } from "zod";
import { defineTool, round, TRANSFORMATION, type DemoTool } from "./tool-kit";

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n{2,}/u)
    .map((part) => part.trim())
    .filter((part) => words(part).length > 0);
}

// A common heuristic: vowel groups, minus a silent final e, at least one per word.
function syllables(word: string): number {
  const lower = word.toLowerCase().replace(/[^a-z]/g, "");
  if (lower.length === 0) return 1;
  if (lower.length <= 3) return 1;
  const trimmed = lower.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  return Math.max(1, (trimmed.match(/[aeiouy]{1,2}/g) ?? []).length);
}

const textStatistics = defineTool({
  name: "text_statistics",
  title: "Text statistics",
  description: "Counts words, sentences, paragraphs and characters and estimates reading time.",
  input: z.object({
    text: z.string().min(1).max(200_000).describe("The text to measure."),
    words_per_minute: z.number().int().min(50).max(1000).default(238).describe("Reading speed; 238 is the adult average for non-fiction."),
  }),
  output: z.object({
    words: z.number().int(),
    sentences: z.number().int(),
    paragraphs: z.number().int(),
    characters: z.number().int(),
    characters_without_spaces: z.number().int(),
    average_word_length: z.number(),
    average_sentence_length: z.number(),
    reading_time_seconds: z.number().int(),
    reading_time_minutes: z.number(),
  }),
  hints: TRANSFORMATION,
  run({ text, words_per_minute }) {
    const wordList = words(text);
    const sentenceCount = sentences(text).length;
    const letters = wordList.reduce((sum, word) => sum + word.length, 0);
    const seconds = Math.ceil((wordList.length / words_per_minute) * 60);
    return {
      words: wordList.length,
      sentences: sentenceCount,
      paragraphs: text.split(/\n\s*\n/).filter((part) => part.trim().length > 0).length,
      characters: [...text].length,
      characters_without_spaces: [...text.replace(/\s/gu, "")].length,
      average_word_length: wordList.length === 0 ? 0 : round(letters / wordList.length, 2),
      average_sentence_length: sentenceCount === 0 ? 0 : round(wordList.length / sentenceCount, 2),
      reading_time_seconds: seconds,
      reading_time_minutes: round(seconds / 60, 2),
    };
  },
});

const BANDS = ["very easy", "easy", "fairly easy", "standard", "fairly difficult", "difficult", "very difficult"] as const;
type Band = (typeof BANDS)[number];

const readability = defineTool({
  name: "readability_score",
  title: "Readability score",
  description: "Scores English text with Flesch reading ease and Flesch-Kincaid grade level.",
  input: z.object({ text: z.string().min(1).max(200_000) }),
  output: z.object({
    words: z.number().int(),
    sentences: z.number().int(),
    syllables: z.number().int(),
    flesch_reading_ease: z.number(),
    flesch_kincaid_grade: z.number(),
    band: z.enum(BANDS),
  }),
  hints: TRANSFORMATION,
  run({ text }) {
    const wordList = words(text);
    const wordCount = Math.max(1, wordList.length);
    const sentenceCount = Math.max(1, sentences(text).length);
    const syllableCount = wordList.reduce((sum, word) => sum + syllables(word), 0);
    const ease = 206.835 - 1.015 * (wordCount / sentenceCount) - 84.6 * (syllableCount / wordCount);
    const grade = 0.39 * (wordCount / sentenceCount) + 11.8 * (syllableCount / wordCount) - 15.59;
    const band: Band =
      ease >= 90
        ? "very easy"
        : ease >= 80
          ? "easy"
          : ease >= 70
            ? "fairly easy"
            : ease >= 60
              ? "standard"
              : ease >= 50
                ? "fairly difficult"
                : ease >= 30
                  ? "difficult"
                  : "very difficult";
    return {
      words: wordList.length,
      sentences: sentences(text).length,
      syllables: syllableCount,
      flesch_reading_ease: round(ease, 1),
      flesch_kincaid_grade: round(grade, 1),
      band,
    };
  },
});

const topWords = defineTool({
  name: "top_words",
  title: "Top words",
  description: "Lists the most frequent words of a text, ignoring case and common English stop words.",
  input: z.object({
    text: z.string().min(1).max(200_000),
    limit: z.number().int().min(1).max(50).default(10),
    include_stop_words: z.boolean().default(false),
  }),
  output: z.object({
    distinct_words: z.number().int(),
    top: z.array(z.object({ word: z.string(), count: z.number().int() })),
  }),
  hints: TRANSFORMATION,
  run({ text, limit, include_stop_words }) {
    const counts = new Map<string, number>();
    for (const word of words(text)) {
      const key = word.toLowerCase();
      if (!include_stop_words && STOP_WORDS.has(key)) continue;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([word, count]) => ({ word, count }));
    return { distinct_words: counts.size, top };
  },
});

const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have he her his i in is it its of on or she that the their they this to was were will with you your we our not".split(
    " ",
  ),
);

export const textStatsTools: DemoTool[] = [textStatistics, readability, topWords];
