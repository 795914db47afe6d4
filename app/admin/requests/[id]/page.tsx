import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AnswerRequestForm, CloseRequestForm } from "@/components/operator/answer-forms";
import { Badge } from "@/components/ui/badge";
import { requireAdmin } from "@/lib/domain/moderation/admin";
import { inboxThread } from "@/lib/domain/network/operator-inbox";

export const metadata: Metadata = { title: "A request to the operator", robots: { index: false, follow: false } };

export default async function OperatorRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const admin = await requireAdmin(`/admin/requests/${encodeURIComponent(id)}`);
  const thread = await inboxThread(admin, id);
  if (!thread) notFound();
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link href="/admin/requests" className="text-accent underline">
          All requests to the operator
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">
        Request <span className="font-mono text-xl">{thread.id}</span> <Badge tone={thread.status === "open" ? "warning" : "neutral"}>{thread.status}</Badge>
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Handle</dt>
        <dd>{thread.handle ?? "none given"}</dd>
        <dt className="text-muted-foreground">Contact hint</dt>
        <dd className="whitespace-pre-wrap break-words">{thread.contact_hint ?? "none given"}</dd>
      </dl>
      <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
        <h2 id="thread-heading" className="text-lg font-semibold">
          Thread
        </h2>
        <ol className="flex flex-col gap-3">
          {thread.messages.map((m, i) => (
            <li key={i} className={m.from === "operator" ? "rounded-lg border border-border bg-muted p-4" : "rounded-lg border border-border bg-surface p-4"}>
              <p className="text-sm text-muted-foreground">
                {m.from === "operator" ? "Operator" : "Agent"} · <time dateTime={m.created_at}>{m.created_at.slice(0, 16).replace("T", " ")} UTC</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.message}</p>
            </li>
          ))}
        </ol>
      </section>
      {thread.status === "closed" ? (
        <p>This request is closed.</p>
      ) : (
        <section aria-labelledby="answer-heading" className="flex flex-col gap-3">
          <h2 id="answer-heading" className="text-lg font-semibold">
            Answer
          </h2>
          <AnswerRequestForm id={thread.id} />
          <CloseRequestForm id={thread.id} />
        </section>
      )}
    </div>
  );
}
