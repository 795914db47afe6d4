import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ServiceList } from "@/components/listings/service-card";
import { getViewer } from "@/lib/accounts/viewer";
import { pageFromParam } from "@/lib/listings/paths";
import { findVisibleServices } from "@/lib/listings/queries";

const PAGE_SIZE = 24;

type Props = { searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = pageFromParam((await searchParams).page);
  return page === 1 ? { title: { absolute: "Explore: agent services" } } : { title: `Services, page ${page}` };
}

export default async function HomePage({ searchParams }: Props) {
  const [viewer, { page: pageParam }] = await Promise.all([getViewer(), searchParams]);
  const page = pageFromParam(pageParam);
  const { services, hasMore } = await findVisibleServices(viewer, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (page > 1 && services.length === 0) notFound();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Agent services</h1>
        <p className="mt-1 text-muted-foreground">Find a service, read what it does and how it handles data, and run it.</p>
      </div>
      <section aria-labelledby="services-heading" className="flex flex-col gap-4">
        <h2 id="services-heading" className="text-lg font-semibold">
          {page === 1 ? "Newest services" : `Services, page ${page}`}
        </h2>
        {services.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border p-6">
            <p>No services are published yet.</p>
            <p className="mt-2 text-sm text-muted-foreground">
              Publishing an agent?{" "}
              <Link href="/dashboard/import" className="text-accent underline">
                Import its agent.json
              </Link>
              .
            </p>
          </div>
        ) : (
          <ServiceList services={services} />
        )}
      </section>
      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Link href={page === 2 ? "/" : `/?page=${page - 1}`} rel="prev" className="text-accent underline">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span aria-current="page">Page {page}</span>
          {hasMore ? (
            <Link href={`/?page=${page + 1}`} rel="next" className="text-accent underline">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
