import type { ReactNode } from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { classNames } from "@/components/ui/class-names";
import { agentPath, servicePath } from "@/lib/listings/paths";
import type { CatalogCapability } from "@/lib/catalog/read-model";
import type { SearchResult } from "@/lib/search/search";
import { priceSummary } from "@/lib/payments/plan-words";
import { AgentLogo } from "./agent-logo";
import { HighlightedText } from "./highlighted-text";
import { classLabels, ratingLabels } from "@/lib/listings/labels";

type CardService = CatalogCapability & Partial<Pick<SearchResult, "highlight" | "sampleTested">>;

/** The badges row of a service (card and page): its class and price, then what the caller adds. */
export function ServiceFacts({
  service,
  className,
  children,
}: {
  service: Pick<CatalogCapability, "class" | "isPaid" | "plans">;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ul aria-label="Facts" className={classNames("flex flex-wrap gap-2", className)}>
      <li>
        <Badge>{classLabels[service.class]}</Badge>
      </li>
      <li>
        <Badge tone={service.isPaid ? "info" : "neutral"}>
          <span className="sr-only">Price: </span>
          {priceSummary(service.plans)}
        </Badge>
      </li>
      {children}
    </ul>
  );
}

/**
 * One service in a list. Headings are h3: lists sit under a page's h2. `preview`: the editor's preview of a
 * draft, whose pages do not exist yet (or show the stored agent, not the draft), so the names are no links.
 */
export function ServiceCard({
  service,
  showAgent = true,
  headingLevel = 3,
  preview = false,
}: {
  service: CardService;
  showAgent?: boolean;
  headingLevel?: 3 | 4;
  preview?: boolean;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const name = <HighlightedText text={service.name} highlight={service.highlight?.name} />;
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-sm">
      <Heading className="text-base font-semibold leading-snug">
        {preview ? (
          <span>
            {name} <span className="text-sm font-normal text-muted-foreground">(preview)</span>
          </span>
        ) : (
          <Link href={servicePath(service.agent.handle, service.capabilityId)} className="text-accent hover:underline">
            {name}
          </Link>
        )}
      </Heading>
      {showAgent ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <AgentLogo agent={service.agent} size={20} className="rounded" />
          <span className="min-w-0">
            by{" "}
            {preview ? (
              service.agent.displayName
            ) : (
              <Link href={agentPath(service.agent.handle)} className="hover:underline">
                {service.agent.displayName}
              </Link>
            )}{" "}
            <span className="break-all">{service.agent.handle}</span>
          </span>
        </p>
      ) : null}
      <p className="text-sm">
        <HighlightedText text={service.summary} highlight={service.highlight?.summary} />
      </p>
      <ServiceFacts service={service} className="mt-auto pt-2">
        <li>
          <Badge tone={service.contentRating === "mature" ? "danger" : "neutral"}>
            <span className="sr-only">Content rating: </span>
            {ratingLabels[service.contentRating]}
          </Badge>
        </li>
        {service.sampleTested ? (
          <li>
            <Badge>
              <span aria-hidden="true">✓&nbsp;</span>Sample-tested
            </Badge>
          </li>
        ) : null}
      </ServiceFacts>
    </article>
  );
}

export function ServiceList({
  services,
  showAgent = true,
  headingLevel = 3,
}: {
  services: CardService[];
  showAgent?: boolean;
  headingLevel?: 3 | 4;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={`${service.agent.handle}/${service.capabilityId}`}>
          <ServiceCard service={service} showAgent={showAgent} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
