import type { z } from "zod";

/** "1 note", "2 notes": a count and its noun, for the tools' one-line summaries. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Input a schema refused, in words: each field and what is wrong with it. */
export function inWords(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("; ");
}
