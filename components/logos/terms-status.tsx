import { CheckStatusLine } from "./check-status-line";
import type { TermsStatus } from "@/lib/domain/logos/dashboard";
import { dateTimeWords } from "@/lib/foundations/words/dates";

/** The terms URL's fetch on the publisher's page: the hash and time of the last good copy, its first lines, or the failure. */
export function TermsStatusView({ terms }: { terms: TermsStatus }) {
  if (terms.url === null) {
    return (
      <p className="text-sm">
        The agent.json names no terms URL (<code className="font-mono text-xs">terms.url</code>); terms given as text are shown with their SHA-256 as they are.
      </p>
    );
  }
  const good = terms.good;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-medium">Terms URL:</span> <span className="break-all font-mono text-xs">{terms.url}</span>
      </p>
      <CheckStatusLine status={terms.status} words={{ passed: "Fetched", failed: "Fetch failed", pending: "Being fetched" }}>
        {terms.checkedAt ? `Last tried ${dateTimeWords(terms.checkedAt)}; fetched again daily.` : null}
      </CheckStatusLine>
      {terms.status === "failed" && terms.failure ? (
        <p className="text-sm text-danger">
          {terms.failure}{" "}
          {good ? "Your listing keeps showing the terms fetched last time, with their hash." : "Your listing says the terms have not been fetched yet."}
        </p>
      ) : null}
      {good ? (
        <>
          <p className="text-sm">
            {good.fetchedAt ? `Fetched ${dateTimeWords(good.fetchedAt)}; ` : ""}SHA-256 <code className="break-all font-mono text-xs">{good.sha256}</code>
          </p>
          <div
            tabIndex={0}
            aria-label="First lines of the fetched terms"
            className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-muted p-3 text-sm"
          >
            {good.firstLines}
          </div>
        </>
      ) : terms.status !== "failed" ? (
        <p className="text-sm text-muted-foreground">
          Explore&apos;s worker fetches the terms (plain text, Markdown or HTML, at most 256 KB) and fingerprints them.
        </p>
      ) : null}
    </div>
  );
}
