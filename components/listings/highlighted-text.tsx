import { Fragment } from "react";
import type { Highlighted } from "@/lib/domain/search/search";

/** Text as it is shown: plain, or in parts with the words that matched the search marked. */
export type MarkedText = string | Highlighted;

/** Plain text, or its parts when some are marked (less to send than both: see service-card-view.tsx). */
export function markedText(text: string, highlight: Highlighted | null | undefined): MarkedText {
  return highlight?.some((part) => part.mark) ? highlight : text;
}

/** Text with the words that matched the search marked. */
export function HighlightedText({ text }: { text: MarkedText }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((part, i) =>
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
