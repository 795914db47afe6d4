"use client";

import { useActionState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/foundations/action-result";
import { answerRequestAction } from "@/lib/domain/requests/actions";
import { requestPath } from "@/lib/domain/requests/paths";

export type PublisherRequest = { id: string; title: string; votes: number; tags: string[] };
export type AnswerableService = { value: string; label: string };

/** One request in the publisher's areas, with "answer it with one of my services". */
function AnswerForm({ request, services }: { request: PublisherRequest; services: AnswerableService[] }) {
  const [result, action, pending] = useActionState(answerRequestAction, initialResult);
  const selectId = `answer-${request.id}`;
  return (
    <form action={action} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="requestId" value={request.id} />
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-xs font-medium">
          Answer with
        </label>
        <select id={selectId} name="service" required className="h-8 max-w-[16rem] rounded-md border border-border bg-background px-2 text-sm">
          {services.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={pending}>
        Mark available<span className="sr-only"> for “{request.title}”</span>
      </Button>
      <span role="status" aria-live="polite" className={result && !result.ok ? "text-sm text-danger" : "text-sm"}>
        {result?.message ?? ""}
      </span>
    </form>
  );
}

export function PublisherRequests({ requests, services }: { requests: PublisherRequest[]; services: AnswerableService[] }) {
  return (
    <section aria-labelledby="publisher-requests-heading" className="flex flex-col gap-3">
      <h2 id="publisher-requests-heading" className="text-lg font-semibold">
        Requests in your areas
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No open request names a tag or category of your services.{" "}
          <Link href="/requests" className="text-accent underline">
            All capability requests
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <Link href={requestPath(request.id)} className="font-medium hover:underline">
                  {request.title}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {request.votes} vote{request.votes === 1 ? "" : "s"} · {request.tags.map((t) => `#${t}`).join(" ")}
                </span>
              </p>
              {services.length > 0 ? (
                <AnswerForm request={request} services={services} />
              ) : (
                <p className="text-sm text-muted-foreground">Publish a service to answer it.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
