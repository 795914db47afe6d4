import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { dateWords } from "@/lib/foundations/words/dates";
import { deleteDraftAction, newDraftAction } from "@/lib/domain/publishing/draft-actions";
import { MAX_DRAFTS_PER_OWNER, sourceWords } from "@/lib/domain/publishing/draft-limits";
import { DRAFTS_PATH, draftPath } from "@/lib/domain/publishing/draft-paths";
import { listDrafts } from "@/lib/domain/publishing/drafts";

export const metadata: Metadata = { title: "Drafts" };

export default async function DraftsPage() {
  const viewer = await requireViewer(DRAFTS_PATH);
  const drafts = await listDrafts(viewer.id);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link href="/dashboard" className="text-accent underline">
              Dashboard
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Drafts</h1>
          <p className="mt-1 text-muted-foreground">agent.json files you are writing; only you see them, until you publish. At most {MAX_DRAFTS_PER_OWNER}.</p>
        </div>
        <form action={newDraftAction}>
          <Button type="submit">New agent</Button>
        </form>
      </div>
      {drafts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6">
          No drafts. Start a new agent, use &quot;Edit&quot; on one of your agents, or open a connected server&apos;s draft in the editor.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {drafts.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface p-4">
              <div className="min-w-0">
                <h2 className="font-semibold">
                  <Link href={draftPath(d.id)} className="text-accent underline">
                    {d.title}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {d.agentHandle ? `Edit of ${d.agentHandle}` : sourceWords[d.source]} · saved {dateWords(d.updatedAt)}
                </p>
              </div>
              {/* Asks first, without JavaScript too: the button that deletes is behind the question. */}
              <details className="text-sm">
                <summary className="cursor-pointer rounded-md px-2 py-1 hover:bg-muted">
                  Delete…<span className="sr-only"> the draft {d.title}</span>
                </summary>
                <form action={deleteDraftAction} className="mt-2 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="id" value={d.id} />
                  <span>Delete this draft? It cannot be undone.</span>
                  <Button type="submit" variant="danger" size="sm">
                    Yes, delete<span className="sr-only"> the draft {d.title}</span>
                  </Button>
                </form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
