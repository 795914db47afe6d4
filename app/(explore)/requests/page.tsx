import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { AskForm } from "@/components/requests/ask-form";
import { McpEndpointSnippet } from "@/components/requests/mcp-snippet";
import { RequestItem } from "@/components/requests/request-item";
import { getViewer } from "@/lib/model/accounts/viewer";
import { REQUEST_STATUSES, listRequestsSchema, requestStatusWords } from "@/lib/domain/requests/request-input";
import { listRequests, votedBy } from "@/lib/domain/requests/requests";
import { FilterForm } from "@/components/site/filter-form";

export const metadata: Metadata = { title: "Capability requests", description: "What people and agents ask for that no service offers yet, most voted first." };

const PAGE_SIZE = 20;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export default async function RequestsPage({ searchParams }: Props) {
  const params = await searchParams;
  const page = Math.max(1, Math.min(500, Number.parseInt(one(params.page) ?? "1", 10) || 1));
  const parsed = listRequestsSchema.safeParse({
    query: one(params.q),
    status: one(params.status),
    sort: one(params.sort),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : listRequestsSchema.parse({ limit: PAGE_SIZE });
  const viewer = await getViewer();
  const { requests, hasMore } = await listRequests(viewer, query);
  const voted = viewer
    ? await votedBy(
        viewer.id,
        requests.map((r) => r.id),
      )
    : new Set<string>();
  const href = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    const merged = {
      q: query.query,
      status: query.status,
      sort: query.sort === "votes" ? undefined : query.sort,
      page: page > 1 ? page : undefined,
      ...change,
    };
    for (const [key, value] of Object.entries(merged)) if (value !== undefined && value !== "") next.set(key, String(value));
    const text = next.toString();
    return text ? `/requests?${text}` : "/requests";
  };

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Capability requests</h1>
        <p className="mt-1 max-w-2xl text-muted-foreground">
          What people and agents would use if a service offered it. Vote for what you need too; publishers see the requests in their areas and answer them with
          a listing.
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="requests-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="requests-heading" className="sr-only">
            Requests
          </h2>
          <FilterForm
            action="/requests"
            idPrefix="requests"
            fields={[{ name: "q", label: "Words", value: query.query, maxLength: 200, search: true }]}
            submit="Show"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="requests-status" className="text-sm font-medium">
                Status
              </label>
              <select
                id="requests-status"
                name="status"
                defaultValue={query.status ?? ""}
                className="h-9 rounded-md border border-border bg-background px-2 text-sm"
              >
                <option value="">Any</option>
                {REQUEST_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {requestStatusWords[s]}
                  </option>
                ))}
              </select>
            </div>
            {query.sort === "new" ? <input type="hidden" name="sort" value="new" /> : null}
          </FilterForm>
          <nav aria-label="Order" className="flex gap-4 text-sm">
            <Link
              href={href({ sort: undefined, page: undefined })}
              aria-current={query.sort === "votes" ? "page" : undefined}
              className={query.sort === "votes" ? "font-semibold" : "text-accent underline"}
            >
              Most voted
            </Link>
            <Link
              href={href({ sort: "new", page: undefined })}
              aria-current={query.sort === "new" ? "page" : undefined}
              className={query.sort === "new" ? "font-semibold" : "text-accent underline"}
            >
              Newest
            </Link>
          </nav>
          {!parsed.success ? (
            <p role="alert" className="text-sm text-danger">
              Some of the filters could not be read, so all requests are shown.
            </p>
          ) : null}
          {requests.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border p-6">
              <p>{query.query || query.status ? "No request matches these filters." : "Nobody has asked for anything yet."}</p>
              <p className="mt-2 text-sm text-muted-foreground">Missing something? Ask for it: the first vote is yours.</p>
            </div>
          ) : (
            <ul className="flex flex-col gap-3">
              {requests.map((request) => (
                <li key={request.id}>
                  <RequestItem request={request} voted={voted.has(request.id)} signedIn={viewer !== null} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} hasMore={hasMore} hrefOf={(p) => href({ page: p > 1 ? p : undefined })} />
        </section>

        <aside className="flex flex-col gap-6">
          <section id="ask" aria-labelledby="ask-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
            <h2 id="ask-heading" className="text-lg font-semibold">
              Ask for a capability
            </h2>
            {viewer ? (
              <AskForm />
            ) : (
              <p className="text-sm">
                <Link href={`/sign-in?callbackUrl=${encodeURIComponent("/requests#ask")}`} className="text-accent underline">
                  Sign in
                </Link>{" "}
                to ask for a capability and vote.
              </p>
            )}
          </section>
          <section id="agents" aria-labelledby="agents-heading" className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <h2 id="agents-heading" className="text-lg font-semibold">
              For agents
            </h2>
            <McpEndpointSnippet />
          </section>
        </aside>
      </div>
    </div>
  );
}
