import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { voteOnRequestAction } from "@/lib/domain/requests/actions";
import { requestPath } from "@/lib/domain/requests/paths";
import { requestStatusWords, type RequestStatus } from "@/lib/domain/requests/request-input";
import type { RequestView } from "@/lib/domain/requests/requests";

const tones: Record<RequestStatus, BadgeTone> = {
  open: "info",
  planned: "info",
  in_progress: "warning",
  available: "success",
  declined: "neutral",
  duplicate: "neutral",
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={tones[status]}>{requestStatusWords[status]}</Badge>;
}

/** One vote per account: a plain form, so it works without JavaScript. */
export function VoteButton({ request, voted, signedIn }: { request: Pick<RequestView, "id" | "title" | "votes">; voted: boolean; signedIn: boolean }) {
  const count = (
    <span className="text-sm tabular-nums">
      <strong>{request.votes}</strong> vote{request.votes === 1 ? "" : "s"}
    </span>
  );
  if (!signedIn) {
    return (
      <span className="flex items-center gap-2">
        {count}
        <Link href={`/sign-in?callbackUrl=${encodeURIComponent(requestPath(request.id))}`} className="text-sm text-accent underline">
          Sign in to vote
        </Link>
      </span>
    );
  }
  return (
    <form action={voteOnRequestAction} className="flex items-center gap-2">
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="withdraw" value={voted ? "1" : "0"} />
      {count}
      <Button type="submit" size="sm" variant={voted ? "secondary" : "primary"} aria-pressed={voted}>
        {voted ? "Voted" : "Vote"}
        <span className="sr-only"> for “{request.title}”</span>
      </Button>
    </form>
  );
}

/** Status, when it was asked, and its tags. */
export function RequestFacts({ request, className }: { request: Pick<RequestView, "status" | "createdAt" | "tags">; className: string }) {
  return (
    <p className={className}>
      <RequestStatusBadge status={request.status} />
      <span>
        Asked <time dateTime={request.createdAt.toISOString()}>{request.createdAt.toISOString().slice(0, 10)}</time>
      </span>
      {request.tags.map((tag) => (
        <span key={tag}>#{tag}</span>
      ))}
    </p>
  );
}

export function RequestItem({ request, voted, signedIn, headingLevel = 3 }: { request: RequestView; voted: boolean; signedIn: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading className="font-semibold break-words">
            <Link href={requestPath(request.id)} className="hover:underline">
              {request.title}
            </Link>
          </Heading>
          <RequestFacts request={request} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" />
        </div>
        <VoteButton request={request} voted={voted} signedIn={signedIn} />
      </div>
      <p className="line-clamp-3 text-sm whitespace-pre-line break-words">{request.description}</p>
      {request.answeredBy ? (
        <p className="text-sm">
          Available now:{" "}
          <Link href={request.answeredBy.url} className="font-medium text-accent underline">
            {request.answeredBy.name}
          </Link>{" "}
          <span className="text-muted-foreground">({request.answeredBy.handle})</span>
        </p>
      ) : null}
    </article>
  );
}
