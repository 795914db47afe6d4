import Link from "next/link";
import type { TypoNotice } from "@/lib/domain/search/typo-notice";

/**
 * "Showing results for mortgage — search instead for mortage". The region is always rendered, so a notice
 * that appears while typing is announced (a live region must exist before its content changes).
 */
export function TypoNoticeLine({ notice, insteadHref }: { notice: TypoNotice | null; insteadHref: string }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p className="text-sm">
          Showing results for <strong className="font-semibold">{notice.shownFor}</strong>
          {" — "}
          <Link href={insteadHref} className="text-accent underline">
            search instead for <em>{notice.typed}</em>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
