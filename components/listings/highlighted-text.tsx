import { Fragment } from "react";
import type { Highlighted } from "@/lib/search/search";

/** Text with the words that matched the search marked. */
export function HighlightedText({ text, highlight }: { text: string; highlight: Highlighted | null | undefined }) {
  if (!highlight || !highlight.some((part) => part.mark)) return <>{text}</>;
  return (
    <>
      {highlight.map((part, i) =>
        part.mark ? (
          <mark key={i} className="hit">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
