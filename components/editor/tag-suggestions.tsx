"use client";

import { Button } from "@/components/ui/button";
import { listTags, resolveTag, suggestTags } from "@/lib/model/agent-file/tags";
import { valueAt } from "@/lib/domain/publishing/json-text";
import { useEditorDoc } from "./fields";

// Suggestions from the network's tag vocabulary as the publisher types a category or tags: a datalist of
// every tag for the browser's own completion, and "did you mean" for a word that is no tag.

export const TAG_LIST_ID = "editor-tag-vocabulary";

export function TagVocabulary() {
  return (
    <datalist id={TAG_LIST_ID}>
      {listTags().map((t) => (
        <option key={t.slug} value={t.slug}>
          {t.label}
        </option>
      ))}
    </datalist>
  );
}

/** Under a category (a string) or tags (a list) field: the nearest tags for a word that is not one. */
export function TagSuggestions({ pointer }: { pointer: string }) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const words = typeof current === "string" ? [current] : Array.isArray(current) ? current.filter((w): w is string => typeof w === "string") : [];
  const unknown = words.map((word, index) => ({ word, index })).filter(({ word }) => word.trim() !== "" && resolveTag(word) === null);
  const replace = (index: number, slug: string) => {
    if (typeof current === "string") set(pointer, slug);
    else set(`${pointer}/${index}`, slug);
  };
  return (
    <div aria-live="polite" className="text-sm">
      {unknown.map(({ word, index }) => {
        const near = suggestTags(word);
        return (
          <p key={`${word}-${index}`} className="mt-1 flex flex-wrap items-center gap-2">
            <span>
              “{word}” is not one of the network&apos;s tags{near.length > 0 ? "; did you mean" : "."}
            </span>
            {near.map((slug) => (
              <Button key={slug} size="sm" variant="secondary" disabled={frozen} onClick={() => replace(index, slug)}>
                #{slug}
              </Button>
            ))}
          </p>
        );
      })}
    </div>
  );
}
