import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DraftEditor } from "@/components/editor/draft-editor";
import { DraftPreview } from "@/components/editor/draft-preview";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { checkDraftText } from "@/lib/domain/publishing/draft-check";
import { DRAFTS_PATH, draftPath } from "@/lib/domain/publishing/draft-paths";
import { previewCapabilities } from "@/lib/domain/publishing/draft-preview";
import { findOwnedDraft } from "@/lib/domain/publishing/drafts";
import { ImportBanner } from "@/components/editor/import-banner";
import { findDraftImport } from "@/lib/domain/publishing/imported-drafts";
import { MaintainersForm } from "@/components/editor/maintainers-form";
import { maintainerLines } from "@/lib/domain/formats/ga4gh/maintainers";

export const metadata: Metadata = { title: "Edit a draft", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ capability?: string | string[] }> };

export default async function DraftPage({ params, searchParams }: Props) {
  const [{ id }, { capability }] = await Promise.all([params, searchParams]);
  const viewer = await requireViewer(draftPath(id));
  const draft = await findOwnedDraft(viewer.id, id);
  if (!draft) notFound();
  const imported = await findDraftImport(viewer.id, draft.id);
  // The preview shows the draft as it stands; the problems also name each suggestion still to confirm.
  const check = checkDraftText(draft.text);
  const problems = draft.suggestions.length > 0 ? checkDraftText(draft.text, draft.suggestions).errors : check.errors;
  const services = check.agent ? previewCapabilities(check.agent, viewer.id, draft.updatedAt) : [];
  const conflict =
    draft.agentChanged && draft.agentHandle
      ? `${draft.agentHandle} was changed by another import since you opened this draft; publishing will ask before replacing it.`
      : null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link href="/dashboard" className="text-accent underline">
            Dashboard
          </Link>{" "}
          /{" "}
          <Link href={DRAFTS_PATH} className="text-accent underline">
            Drafts
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{draft.agentHandle ? `Edit ${draft.agentHandle}` : "Edit a draft"}</h1>
        <p className="mt-1 text-muted-foreground">Changes are saved as you type. Nothing is public until you publish.</p>
      </div>
      {imported ? <ImportBanner format={imported.format} toComplete={imported.toComplete} notes={imported.notes} /> : null}
      <div className="grid gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <DraftEditor draftId={draft.id} initialText={draft.text} initialErrors={problems} conflict={conflict} />
          <MaintainersForm draftId={draft.id} initialLines={maintainerLines(draft.maintainers)} />
        </div>
        <div className="min-w-0 xl:sticky xl:top-4 xl:max-h-[calc(100vh-2rem)] xl:self-start xl:overflow-y-auto">
          <DraftPreview draftId={draft.id} services={services} selectedId={typeof capability === "string" ? capability : null} problems={check.errors.length} />
        </div>
      </div>
    </div>
  );
}
