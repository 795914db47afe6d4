import type { ReactNode } from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { agentPath } from "@/lib/listings/paths";
import type { ServiceDetail } from "@/lib/listings/queries";
import { DataDeclaration } from "./data-declaration";
import { ExternalAction } from "./external-action";
import { JsonBlock } from "./json-block";
import { classDescriptions, classLabels, matureReasonLabels, ratingLabels, repeatDescriptions } from "./labels";
import { PlanCards } from "./plan-cards";
import { Showcase } from "./showcase";
import { Terms } from "./terms";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Every field of a listing, in words: the body of the service page. */
export function ServiceDetails({ service }: { service: ServiceDetail }) {
  const { agent } = service;
  const reasons = service.matureReasons.map((r) => matureReasonLabels[r] ?? r);
  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{service.name}</h1>
        <p className="text-muted-foreground">
          by{" "}
          <Link href={agentPath(agent.handle)} className="text-accent underline">
            {agent.displayName}
          </Link>{" "}
          <span className="break-all">{agent.handle}</span>
        </p>
        <ul aria-label="Facts" className="flex flex-wrap gap-2">
          <li>
            <Badge>{classLabels[service.class]}</Badge>
          </li>
          <li>
            <Badge tone={service.isPaid ? "info" : "neutral"}>{service.isPaid ? "Paid" : "Free"}</Badge>
          </li>
          <li>
            <Badge tone={service.contentRating === "mature" ? "danger" : "neutral"}>
              Rated {ratingLabels[service.contentRating]}
              {reasons.length > 0 ? `: ${reasons.join(", ")}` : ""}
            </Badge>
          </li>
          <li>
            <Badge>Version {service.version}</Badge>
          </li>
        </ul>
        <p className="text-base">{service.summary}</p>
        {agent.endpointPending ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            This service is waiting for its adapter: it cannot be run until the provider announces its endpoint.
          </p>
        ) : null}
      </header>

      <Section id="limitations" title="What it does not do">
        <p className="whitespace-pre-line">{service.limitations}</p>
      </Section>

      {service.example ? (
        <Section id="showcase" title="Example">
          <Showcase example={service.example} />
        </Section>
      ) : null}

      {service.class === "external_action" ? (
        <Section id="outside" title="What it does outside Explore">
          <ExternalAction
            outsideAction={service.outsideAction}
            effects={service.effects}
            cancellation={service.cancellation}
          />
        </Section>
      ) : null}

      <Section id="data" title="How it handles data">
        <DataDeclaration data={service.data} />
      </Section>

      <Section id="plans" title="Plans and prices">
        <PlanCards plans={service.plans} payment={agent.payment} />
        {service.refreshes ? (
          <p className="text-sm">
            A paid run includes {service.refreshes.perExecution} free refresh
            {service.refreshes.perExecution === 1 ? "" : "es"} within {service.refreshes.withinHours} hour
            {service.refreshes.withinHours === 1 ? "" : "s"} after it completes.
          </p>
        ) : null}
      </Section>

      <Section id="details" title="Details">
        <dl>
          <Fact term="Class">
            {classLabels[service.class]}: {classDescriptions[service.class]}
          </Fact>
          <Fact term="Content rating">
            {ratingLabels[service.contentRating]}
            {reasons.length > 0 ? ` (${reasons.join(", ")})` : ""}
          </Fact>
          <Fact term="Category">
            <code className="font-mono">{service.category}</code>
          </Fact>
          <Fact term="Tags">
            {service.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {service.tags.map((tag) => (
                  <li key={tag.slug}>
                    <Badge>#{tag.label}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              "None"
            )}
          </Fact>
          <Fact term="Version">{service.version}</Fact>
          <Fact term="Running it again">{repeatDescriptions[service.repeat]}</Fact>
          <Fact term="Longest run">
            {service.maxDurationSeconds !== null ? `${service.maxDurationSeconds} seconds` : "Not stated"}
          </Fact>
          <Fact term="Tool">
            <code className="font-mono">{service.tool}</code>
          </Fact>
          <Fact term="Capability ID">
            <code className="font-mono">{service.capabilityId}</code>
          </Fact>
        </dl>
      </Section>

      <Section id="terms" title="Terms">
        <Terms terms={agent.terms} />
      </Section>

      <Section id="schemas" title="Input and output">
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">Input schema</summary>
          <div className="mt-3">
            {service.inputSchema ? (
              <JsonBlock value={service.inputSchema} label="Input schema" />
            ) : (
              <p>The tool&apos;s own input schema applies; the publisher did not restate it.</p>
            )}
          </div>
        </details>
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">Output schema</summary>
          <div className="mt-3">
            {service.outputSchema ? (
              <JsonBlock value={service.outputSchema} label="Output schema" />
            ) : (
              <p>The tool&apos;s own output schema applies; the publisher did not restate it.</p>
            )}
          </div>
        </details>
      </Section>
    </article>
  );
}
