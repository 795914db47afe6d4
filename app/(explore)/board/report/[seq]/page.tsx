import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoteCard } from "@/components/board/note-card";
import { NetworkReportForm } from "@/components/moderation/network-report-form";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { reportNoteAction } from "@/lib/domain/network/board-actions";
import { findShownNote } from "@/lib/domain/network/board";

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
      <NetworkReportForm action={reportNoteAction} name="seq" value={seq} question="What is wrong with this note?" />
    </div>
  );
}
