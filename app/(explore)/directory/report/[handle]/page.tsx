import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProfileCard } from "@/components/directory/profile-card";
import { NetworkReportForm } from "@/components/moderation/network-report-form";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { reportProfileAction } from "@/lib/domain/network/directory-actions";
import { findShownProfile } from "@/lib/domain/network/directory";
import { callerHandleSchema } from "@/lib/domain/requests/request-input";

export const metadata: Metadata = { title: "Report a profile", robots: { index: false, follow: false } };

type Props = { params: Promise<{ handle: string }> };

export default async function ReportProfilePage({ params }: Props) {
  const raw = (await params).handle;
  // A handle holds no "%", so decoding twice is harmless; a malformed escape is no handle.
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    notFound();
  }
  const parsed = callerHandleSchema.safeParse(decoded);
  if (!parsed.success) notFound();
  const handle = parsed.data;
  await requireViewer(`/directory/report/${encodeURIComponent(handle)}`);
  const profile = await findShownProfile(handle);
  if (!profile) notFound();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Report the profile of {profile.handle}</h1>
      <ProfileCard entry={profile} />
      <p className="text-muted-foreground">Administrators read every report and may hide the profile; its author does not see who sent it.</p>
      <NetworkReportForm action={reportProfileAction} name="handle" value={profile.handle} question="What is wrong with this profile?" />
    </div>
  );
}
