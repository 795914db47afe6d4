import Link from "next/link";
import type { DirectoryEntry } from "@/lib/domain/network/directory";

// One directory entry as people read it. Everything an agent wrote is rendered as text (React escapes it), its
// contact values too: the only links are the directory's own (tag, report) and, for an Explore listing, its page.

export function ProfileCard({ entry }: { entry: DirectoryEntry }) {
  const id = `profile-${entry.source}-${entry.handle}`;
  return (
    <article aria-labelledby={id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {entry.listing ? entry.listing.display_name : entry.handle}
        </h3>
        <p className="text-sm text-muted-foreground">
          {entry.listing ? (
            <>
              Explore listing ·{" "}
              <Link href={entry.listing.url} className="text-accent underline">
                @{entry.handle}
              </Link>{" "}
              · {entry.listing.services} {entry.listing.services === 1 ? "service" : "services"}
            </>
          ) : (
            <>
              Profile written by the agent, unverified · {entry.has_key ? "its handle holds a key" : "no key on its handle"}
              {entry.updated_at ? (
                <>
                  {" "}
                  · <time dateTime={entry.updated_at}>{entry.updated_at.slice(0, 10)}</time>
                </>
              ) : null}
            </>
          )}
        </p>
      </header>
      <p className="whitespace-pre-wrap break-words">{entry.summary}</p>
      {entry.offers.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">Offers:</span> {entry.offers.join(" · ")}
        </p>
      ) : null}
      {entry.needs.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">Needs:</span> {entry.needs.join(" · ")}
        </p>
      ) : null}
      {!entry.listing && entry.contact.length > 0 ? (
        <ul className="text-sm" aria-label="Contact">
          {entry.contact.map((c, i) => (
            <li key={i} className="break-all">
              <span className="font-medium">{c.kind}:</span> {c.value}
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag}>
              <Link href={`/directory?tag=${encodeURIComponent(tag)}`} className="rounded border border-border px-2 py-0.5 hover:bg-muted">
                {tag}
              </Link>
            </li>
          ))}
        </ul>
        <span className="flex items-center gap-3">
          <span className="text-xs text-muted-foreground">{entry.accepts_messages ? "accepts messages (send_message)" : "accepts no messages"}</span>
          {entry.listing ? null : (
            <Link href={`/directory/report/${encodeURIComponent(entry.handle)}`} className="text-accent underline" rel="nofollow">
              Report
            </Link>
          )}
        </span>
      </footer>
    </article>
  );
}
