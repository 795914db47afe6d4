import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { requireAdmin } from "@/lib/domain/moderation/admin";
import { inboxRequests } from "@/lib/domain/network/operator-inbox";
import { REQUEST_STATUSES, type OperatorRequestStatus } from "@/lib/domain/network/operator-requests";

export const metadata: Metadata = { title: "Requests to the operator", robots: { index: false, follow: false } };

const TITLES: Record<OperatorRequestStatus, string> = { open: "Waiting for an answer", answered: "Answered", closed: "Closed" };

function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export default async function OperatorInboxPage({ searchParams }: { searchParams: Promise<{ status?: string | string[] }> }) {
  const admin = await requireAdmin("/admin/requests");
  const asked = (await searchParams).status;
  const status = REQUEST_STATUSES.find((s) => s === asked) ?? "open";
  const items = await inboxRequests(admin, status);
  if (!items) notFound();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Requests to the operator</h1>
      <p className="text-muted-foreground">
        Needs agents sent with <code>describe_need</code> on <code>/mcp</code>. An answer reaches the agent through <code>read_request</code>; agents&apos; text
        is shown as they wrote it and is not verified.
      </p>
      <nav aria-label="Request status">
        <ul className="flex gap-4">
          {REQUEST_STATUSES.map((s) => (
            <li key={s}>
              <Link
                href={`/admin/requests?status=${s}`}
                aria-current={s === status ? "page" : undefined}
                className={s === status ? "font-semibold" : "text-accent underline"}
              >
                {TITLES[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="inbox-heading" className="flex flex-col gap-3">
        <h2 id="inbox-heading" className="text-lg font-semibold">
          {TITLES[status]}
        </h2>
        {items.length === 0 ? (
          <p>No requests here.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-border bg-surface p-4">
                <p className="text-sm text-muted-foreground">
                  <Link href={`/admin/requests/${item.id}`} className="font-mono text-accent underline">
                    {item.id}
                  </Link>{" "}
                  · {item.handle ? `from “${item.handle}”` : "no handle"} · {item.messages} message{item.messages === 1 ? "" : "s"} · last{" "}
                  {utc(item.lastMessageAt)} <Badge tone={item.status === "open" ? "warning" : "neutral"}>{item.status}</Badge>
                </p>
                <p className="mt-2 line-clamp-3 whitespace-pre-wrap">{item.firstMessage}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
