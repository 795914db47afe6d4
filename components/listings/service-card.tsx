import type { ReactNode } from "react";
import type { CardListing, CatalogCapability } from "@/lib/model/catalog/read-model";
import type { SearchResult } from "@/lib/domain/search/search";
import type { CardExtras } from "@/lib/domain/listings/cards";
import { priceSummary } from "@/lib/domain/payments/plan-words";
import { timeAgo } from "@/lib/foundations/words/dates";
import { classLabels } from "@/lib/model/agent-file/labels";
import { FactsList } from "./facts-list";
import { markedText } from "./highlighted-text";
import { ServiceCardView, type CardData } from "./service-card-view";

type CardService = CardListing & Partial<Pick<SearchResult, "highlight">> & Partial<CardExtras>;

const runsWords = (n: number) => `${n.toLocaleString("en-US")} run${n === 1 ? "" : "s"} in 30 days`;

function factsOf(service: Pick<CatalogCapability, "class" | "isPaid" | "plans">): CardData["facts"] {
  return { kind: classLabels[service.class], price: priceSummary(service.plans), paid: service.isPaid };
}

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
    <FactsList {...factsOf(service)} className={className}>
      {children}
    </FactsList>
  );
}

/** A listing as its card shows it, as of `now`. */
function cardData(service: CardService, now: Date): CardData {
  const stats = service.stats ?? null;
  const testedAt = stats?.sampleTestedAt ?? null;
  const { handle, displayName, logoSha256 } = service.agent;
  return {
    capabilityId: service.capabilityId,
    agent: { handle, displayName, logoSha256 },
    name: markedText(service.name, service.highlight?.name),
    summary: markedText(service.summary, service.highlight?.summary),
    activity:
      stats && (stats.runs30d > 0 || stats.successRate !== null)
        ? `${runsWords(stats.runs30d)}${stats.successRate !== null ? ` · ${Math.round(stats.successRate * 100)}% succeeded` : ""}`
        : null,
    facts: factsOf(service),
    mature: service.contentRating === "mature",
    tested: testedAt ? `Sample-tested ${timeAgo(testedAt, now)}` : null,
    rules: service.rules ?? null,
  };
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
  return <ServiceCardView card={cardData(service, new Date())} showAgent={showAgent} headingLevel={headingLevel} preview={preview} />;
}

export function ServiceList({ services, showAgent = true, headingLevel = 3 }: { services: CardService[]; showAgent?: boolean; headingLevel?: 3 | 4 }) {
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
