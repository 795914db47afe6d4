import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestFacts, VoteButton } from "@/components/requests/request-item";
import { getViewer, type Viewer } from "@/lib/model/accounts/viewer";
import { requestIdFromParam } from "@/lib/model/addresses/paths";
import { findRequest, votedBy, type RequestView } from "@/lib/domain/requests/requests";

type Props = { params: Promise<{ id: string }> };

async function requestOf(viewer: Viewer | null, params: Props["params"]): Promise<RequestView | null> {
  const id = requestIdFromParam((await params).id);
  return id ? findRequest(viewer, id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const request = await requestOf(null, params);
  return request
    ? { title: `${request.title}: capability request`, description: request.description.slice(0, 200) }
    : { title: "Capability request not found" };
}

export default async function RequestPage({ params }: Props) {
  const viewer = await getViewer();
  const request = await requestOf(viewer, params);
  if (!request) notFound();
  const voted = viewer ? (await votedBy(viewer.id, [request.id])).has(request.id) : false;
  return (
    <article className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm">
        <Link href="/requests" className="text-accent underline">
          Capability requests
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{request.title}</h1>
      <RequestFacts request={request} className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground" />
      <VoteButton request={request} voted={voted} signedIn={viewer !== null} />
      <p className="whitespace-pre-line break-words">{request.description}</p>
      {request.answeredBy ? (
        <section aria-labelledby="answered-heading" className="rounded-lg border border-success/40 bg-success/10 p-4">
          <h2 id="answered-heading" className="font-semibold">
            Available now
          </h2>
          <p className="mt-1">
            <Link href={request.answeredBy.url} className="font-medium text-accent underline">
              {request.answeredBy.name}
            </Link>{" "}
            by {request.answeredBy.handle}
          </p>
        </section>
      ) : null}
    </article>
  );
}
