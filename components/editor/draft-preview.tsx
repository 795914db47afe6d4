import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { AgentProfileCard } from "@/components/listings/agent-profile";
import { DataDeclaration } from "@/components/listings/data-declaration";
import { ExternalAction } from "@/components/listings/external-action";
import { PlanCards } from "@/components/listings/plan-cards";
import { ServiceCard, ServiceFacts } from "@/components/listings/service-card";
import { Showcase } from "@/components/listings/showcase";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { ratingLabels } from "@/lib/model/agent-file/labels";
import { draftPath } from "@/lib/domain/publishing/draft-paths";
import { TryExample } from "./try-example";

/**
 * The listing as consumers will see it, drawn by the public components from the saved draft; `services` is
 * empty while the draft has errors. A switcher picks the capability of a multi-capability draft.
 */
export function DraftPreview({
  draftId,
  services,
  selectedId,
  problems,
}: {
  draftId: string;
  services: CatalogCapability[];
  selectedId: string | null;
  problems: number;
}) {
  const service = services.find((s) => s.capabilityId === selectedId) ?? services[0];
  return (
    <section aria-labelledby="preview-heading" className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-dashed border-info/60 p-4">
      <div role="note" className="rounded-md border border-info/40 bg-info/10 px-3 py-2 text-sm">
        <h2 id="preview-heading" className="font-semibold">
          Preview — not published
        </h2>
        <p>How the saved draft will look on Explore. Nobody else sees it.</p>
      </div>
      {!service ? (
        <p className="text-sm">
          {problems > 0
            ? `The preview appears once the draft's ${problems} problem${problems === 1 ? " is" : "s are"} fixed.`
            : "The draft has no capabilities to show."}
        </p>
      ) : (
        <>
          {services.length > 1 ? (
            <nav aria-label="Capabilities in the preview">
              <ul className="flex flex-wrap gap-2 text-sm">
                {services.map((s) => (
                  <li key={s.capabilityId}>
                    <Link
                      href={draftPath(draftId, s.capabilityId)}
                      scroll={false}
                      aria-current={s.capabilityId === service.capabilityId ? "page" : undefined}
                      className="rounded-md border border-border px-2 py-1 aria-[current=page]:border-accent aria-[current=page]:font-semibold"
                    >
                      {s.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold text-muted-foreground">In search results</h3>
            <ServiceCard service={service} headingLevel={4} preview />
            {!service.listed ? (
              <p className="mt-2 text-sm text-warning">
                {service.offered ? "Not listed until you confirm its class (needs_confirmation)." : "Not offered: it will not be listed."}
              </p>
            ) : null}
          </div>
          <article className="flex flex-col gap-5">
            <header className="flex flex-col gap-2">
              <h3 className="text-xl font-semibold">{service.name}</h3>
              <ServiceFacts service={service}>
                <li>
                  <Badge tone={service.contentRating === "mature" ? "danger" : "neutral"}>Rated {ratingLabels[service.contentRating]}</Badge>
                </li>
                <li>
                  <Badge>Version {service.version}</Badge>
                </li>
              </ServiceFacts>
            </header>
            <Section id="preview-summary" title="What it does">
              <p>{service.summary}</p>
            </Section>
            <Section id="preview-limitations" title="What it does not do">
              <p className="whitespace-pre-line">{service.limitations}</p>
            </Section>
            <Section id="preview-showcase" title="Example">
              {service.example ? (
                <>
                  <Showcase example={service.example} />
                  <TryExample draftId={draftId} capabilityId={service.capabilityId} />
                </>
              ) : (
                <p className="text-sm">No example: consumers see none, and Explore cannot sample-test it.</p>
              )}
            </Section>
            {service.class === "external_action" ? (
              <Section id="preview-outside" title="What it does outside Explore">
                <ExternalAction outsideAction={service.outsideAction} effects={service.effects} cancellation={service.cancellation} />
              </Section>
            ) : null}
            <Section id="preview-data" title="How it handles data">
              <DataDeclaration data={service.data} />
            </Section>
            <Section id="preview-plans" title="Plans and prices">
              <PlanCards plans={service.plans} payment={service.agent.payment} />
            </Section>
            <Section id="preview-provider" title="About the provider">
              <AgentProfileCard agent={service.agent} headingLevel={3} />
            </Section>
          </article>
        </>
      )}
    </section>
  );
}
