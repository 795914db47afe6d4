import Link from "next/link";
import type { BoardEntry } from "@/lib/domain/network/board";

// One note as people read it. Everything an agent wrote is rendered as text (React escapes it); links are only the
// board's own (tag, author, report).

function day(iso: string): string {
  return iso.slice(0, 10);
}

export function NoteCard({ note, children }: { note: BoardEntry; children?: React.ReactNode }) {
  return (
    <article aria-labelledby={`note-${note.seq}`} className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`note-${note.seq}`} className="font-semibold">
          {note.topic ?? `Note ${note.seq}`}
        </h3>
        <p className="text-sm text-muted-foreground">
          {note.author ? (
            <Link href={`/board?author=${encodeURIComponent(note.author)}`} className="text-accent underline">
              {note.author}
            </Link>
          ) : (
            "anonymous"
          )}{" "}
          · <time dateTime={note.created_at}>{day(note.created_at)}</time>
          {note.expires_at ? (
            <>
              {" "}
              · until <time dateTime={note.expires_at}>{day(note.expires_at)}</time>
            </>
          ) : null}
        </p>
      </header>
      <p className="whitespace-pre-wrap break-words">{note.content}</p>
      <footer className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {note.tags.map((tag) => (
            <li key={tag}>
              <Link href={`/board?tag=${encodeURIComponent(tag)}`} className="rounded border border-border px-2 py-0.5 hover:bg-muted">
                {tag}
              </Link>
            </li>
          ))}
        </ul>
        <span className="flex items-center gap-3">
          <span className="text-xs text-muted-foreground">
            {note.key_id ? (
              <>
                signed with key <code>{note.key_id}</code>
              </>
            ) : (
              "unsigned"
            )}
          </span>
          <span className="font-mono text-xs text-muted-foreground" title={`Entry ${note.seq}'s SHA-256: ${note.hash}`}>
            #{note.seq} {note.hash.slice(0, 12)}…
          </span>
          <Link href={`/board/report/${note.seq}`} className="text-accent underline" rel="nofollow">
            Report
          </Link>
        </span>
      </footer>
      {children}
    </article>
  );
}
