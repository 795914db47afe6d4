import type { ReactNode } from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { classNames } from "@/components/ui/class-names";
import { agentPath, servicePath } from "@/lib/listings/paths";
import type { CatalogCapability } from "@/lib/catalog/read-model";
import type { SearchResult } from "@/lib/search/search";
import type { CardExtras } from "@/lib/listings/cards";
import { priceSummary } from "@/lib/payments/plan-words";
import { timeAgo } from "@/lib/sample-tests/label";
import { AgentLogo } from "./agent-logo";
import { HighlightedText } from "./highlighted-text";
import { classLabels, ratingLabels } from "@/lib/listings/labels";

type CardService = CatalogCapability & Partial<Pick<SearchResult, "highlight">> & Partial<CardExtras>;

const runsWords = (n: number) => `${n.toLocaleString("en-US")} run${n === 1 ? "" : "s"} in 30 days`;

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

/** How the service's declaration meets the viewer's saved data rules (only for a viewer who has some). */
function RulesBadge({ rules }: { rules: NonNullable<CardService["rules"]> }) {
  if (rules.met === rules.total) {
    return (
      <Badge tone="success">
        <span aria-hidden="true">✓&nbsp;</span>Meets your data rules
      </Badge>
    );
  }
  return (
    <Badge tone="warning">
      Meets {rules.met} of your {rules.total} data rules
    </Badge>
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
  const stats = service.stats ?? null;
  const testedAt = stats?.sampleTestedAt ?? null;
  const now = new Date();
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-sm">
      <div className="flex items-start gap-3">
        {showAgent ? <AgentLogo agent={service.agent} size={40} className="mt-0.5" /> : null}
        {/* gap-1 and the agent link's padding keep the two links 24 px apart, centre to centre (WCAG 2.5.8 target size). */}
        <div className="flex min-w-0 flex-col gap-1">
          <Heading className="text-base font-semibold leading-snug">
            {preview ? (
              <span>
                <HighlightedText text={service.name} highlight={service.highlight?.name} />{" "}
                <span className="text-sm font-normal text-muted-foreground">(preview)</span>
              </span>
            ) : (
              // No prefetch: a page of cards would ask the server for every card's page on every visit, and each
              // answer renders for the viewer; a click fetches the page it needs.
              <Link href={servicePath(service.agent.handle, service.capabilityId)} prefetch={false} className="text-accent hover:underline">
                <HighlightedText text={service.name} highlight={service.highlight?.name} />
              </Link>
            )}
          </Heading>
          {showAgent ? (
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-1 text-sm text-muted-foreground">
              <span>by</span>
              {preview ? (
                <span>{service.agent.displayName}</span>
              ) : (
                <Link href={agentPath(service.agent.handle)} prefetch={false} className="inline-block py-0.5 hover:underline">
                  {service.agent.displayName}
                </Link>
              )}
              {/* A handle reads as one word: never broken mid-word, cut with an ellipsis when too long. */}
              <span className="min-w-0 max-w-full truncate whitespace-nowrap break-keep" title={service.agent.handle}>
                {service.agent.handle}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <p className="text-sm">
        <HighlightedText text={service.summary} highlight={service.highlight?.summary} />
      </p>
      {stats && (stats.runs30d > 0 || stats.successRate !== null) ? (
        <p className="text-sm text-muted-foreground">
          {runsWords(stats.runs30d)}
          {stats.successRate !== null ? ` · ${Math.round(stats.successRate * 100)}% succeeded` : ""}
        </p>
      ) : null}
      <ServiceFacts service={service} className="mt-auto pt-2">
        {service.contentRating === "mature" ? (
          <li>
            <Badge tone="danger">
              <span className="sr-only">Content rating: </span>
              {ratingLabels.mature}
            </Badge>
          </li>
        ) : null}
        {testedAt ? (
          <li>
            <Badge tone="success">
              <span aria-hidden="true">✓&nbsp;</span>{`Sample-tested ${timeAgo(testedAt, now)}`}
            </Badge>
          </li>
        ) : null}
        {service.rules ? (
          <li>
            <RulesBadge rules={service.rules} />
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
    // Columns follow the list's own width (a container query): beside the filters or full width alike.
    <div className="@container">
      <ul className="grid gap-4 @xl:grid-cols-2 @3xl:grid-cols-3">
        {services.map((service) => (
          <li key={`${service.agent.handle}/${service.capabilityId}`}>
            <ServiceCard service={service} showAgent={showAgent} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
    </div>
  );
}
