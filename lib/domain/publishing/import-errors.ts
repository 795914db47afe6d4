// Errors only the import finds (a handle another publisher has, for one): the draft's check cannot see them,
// so the next autosave would drop them. The editor keeps showing each beside its field and in the list for
// as long as the value it is about is unchanged, placed in the text as it is now. Plain code: runs in the
// browser.
import { lineAndColumn } from "@/lib/model/agent-file/json-position";
import type { PlacedError } from "./draft-check";
import { locatePointer, valueAt } from "./json-text";

function parsed(text: string): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The import's errors (found on `publishedText`) that still stand in `text`: not also found by the check
 * (`checked`), and about a value that has not changed since. None while `text` does not parse.
 */
export function importOnlyErrors(imported: readonly PlacedError[], checked: readonly PlacedError[], publishedText: string, text: string): PlacedError[] {
  const before = parsed(publishedText);
  const now = parsed(text);
  if (!before.ok || !now.ok) return [];
  return imported
    .filter((e) => !e.syntax && !checked.some((c) => c.path === e.path && c.message === e.message))
    .filter((e) => same(valueAt(before.doc, e.path), valueAt(now.doc, e.path)))
    .map((e) => {
      const at = locatePointer(text, e.path);
      return { ...e, from: at.from, to: at.to, ...lineAndColumn(text, at.from) };
    });
}
