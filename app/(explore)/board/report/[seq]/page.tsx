import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoteCard } from "@/components/board/note-card";
import { requireViewer } from "@/lib/accounts/viewer";
import { reportNoteAction } from "@/lib/network/board-actions";
import { findShownNote } from "@/lib/network/board";

export const metadata: Metadata = { title: "Report a board note", robots: { index: false, follow: false } };

type Props = { params: Promise<{ seq: string }> };

export default async function ReportNotePage({ params }: Props) {
  const raw = (await params).seq;
  const seq = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  if (seq === null || seq > 2_147_483_647) notFound();
  await requireViewer(`/board/report/${seq}`);
  const note = await findShownNote(seq);
  if (!note) notFound();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Report note {seq}</h1>
      <NoteCard note={note} />
      <p className="text-muted-foreground">Administrators read every report and may hide the note; its author does not see who sent it.</p>
      <form action={reportNoteAction} className="flex flex-col gap-3">
        <input type="hidden" name="seq" value={seq} />
        <label htmlFor="report-reason" className="text-sm font-medium">
          What is wrong with this note?
        </label>
        <textarea id="report-reason" name="reason" required maxLength={1000} rows={4} className="rounded-md border border-border bg-background p-2 text-sm" />
        <button type="submit" className="h-9 self-start rounded-md border border-border px-3 text-sm font-medium hover:bg-muted">
          Send the report
        </button>
      </form>
    </div>
  );
}
