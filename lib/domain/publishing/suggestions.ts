// Suggestions awaiting the publisher's confirmation: values Explore guessed for a draft (from a connected
// server's tool annotations and names) that the publisher has not yet confirmed or changed. Kept beside the
// draft (`AgentDraft.suggestions`); while a field still holds the suggested value unconfirmed, the check names
// it like any problem, so the draft cannot be published on a guess. No server code: the editor shares it.
import { z } from "zod";
import type { AgentFileError, JsonValue } from "@/lib/model/agent-file/types";
import { valueAt } from "./json-text";

export type Suggestion = { path: string; value: JsonValue; why: string };

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

/** Suggestions as stored or posted (a hidden field): at most one per field, a draft's worth. */
export const suggestionsSchema = z
  .array(
    z.object({
      path: z
        .string()
        .regex(/^(\/[^/]{1,200}){1,8}$/u)
        .max(300),
      value: jsonValue,
      why: z.string().min(1).max(1000),
    }),
  )
  .max(2000);

/** Stored suggestions, read back; none when the value is absent or not a list of suggestions. */
export function storedSuggestions(value: unknown): Suggestion[] {
  const parsed = suggestionsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The suggestions the document still holds unchanged: those a publisher has neither confirmed nor changed. */
export function awaitingSuggestions(document: unknown, suggestions: readonly Suggestion[]): Suggestion[] {
  return suggestions.filter((s) => same(valueAt(document, s.path), s.value));
}

export const SUGGESTION_PREFIX = "is Explore's suggestion, awaiting your confirmation";

/** Each awaiting suggestion as a problem at its field, in words, with why it was suggested. */
export function suggestionErrors(document: unknown, suggestions: readonly Suggestion[]): AgentFileError[] {
  return awaitingSuggestions(document, suggestions).map((s) => ({
    path: s.path,
    message: `${SUGGESTION_PREFIX} (${JSON.stringify(s.value)}): ${s.why} Confirm it, or change it.`,
  }));
}

/** The suggestions left once one field's is confirmed. */
export function withoutSuggestion(suggestions: readonly Suggestion[], path: string): Suggestion[] {
  return suggestions.filter((s) => s.path !== path);
}
