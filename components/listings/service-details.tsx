import type { ReactNode } from "react";
import Link from "next/link";
import { AgentLogo } from "./agent-logo";
import { RunPanel } from "@/components/run/run-panel";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { SampleTestSection } from "@/components/sample-tests/sample-test-section";
import { agentPath } from "@/lib/listings/paths";
import type { CatalogCapability } from "@/lib/catalog/read-model";
import { AgentProfileCard } from "./agent-profile";
import { DataDeclaration } from "./data-declaration";
import { ExternalAction } from "./external-action";
import { JsonBlock } from "./json-block";
import { classDescriptions, classLabels, matureReasonLabels, ratingLabels, repeatDescriptions } from "@/lib/listings/labels";
import { PlanCards } from "./plan-cards";
import { SampleTestLabel } from "./sample-test-label";
import { ServiceFacts, ServiceList } from "./service-card";
import { Showcase } from "./showcase";
import { Terms } from "./terms";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Every field of a listing, in words: the body of the service page. */
export function ServiceDetails({ service, otherServices }: { service: CatalogCapability; otherServices: CatalogCapability[] }) {
  const { agent } = service;
  const reasons = service.matureReasons.map((r) => matureReasonLabels[r] ?? r);
  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{service.name}</h1>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
          <AgentLogo agent={agent} size={28} className="rounded-md" />
          <span>
            by{" "}
            <Link href={agentPath(agent.handle)} className="text-accent underline">
              {agent.displayName}
            </Link>{" "}
            <span className="break-all">{agent.handle}</span>
          </span>
        </p>
        <ServiceFacts service={service}>
          <li>
            <Badge tone={service.contentRating === "mature" ? "danger" : "neutral"}>
              Rated {ratingLabels[service.contentRating]}
              {reasons.length > 0 ? `: ${reasons.join(", ")}` : ""}
            </Badge>
          </li>
          <li>
            <Badge>Version {service.version}</Badge>
          </li>
          {/* sample-tested label */}
          <SampleTestLabel handle={agent.handle} capabilityId={service.capabilityId} />
        </ServiceFacts>
        {agent.endpointPending ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            This service is waiting for its adapter: it cannot be run until the provider announces its endpoint.
          </p>
        ) : null}
      </header>

      <div className="grid gap-6 md:grid-cols-2">
        <Section id="summary" title="What it does">
          <p>{service.summary}</p>
        </Section>
        <Section id="limitations" title="What it does not do">
          <p className="whitespace-pre-line">{service.limitations}</p>
        </Section>
      </div>

      {service.example ? (
        <Section id="showcase" title="Example">
          <Showcase example={service.example} />
        </Section>
      ) : null}

      <SampleTestSection handle={agent.handle} capabilityId={service.capabilityId} />

      {/* run panel */}

      <RunPanel handle={agent.handle} capabilityId={service.capabilityId} />

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

      <Section id="repeat" title="Running it again">
        <p>{repeatDescriptions[service.repeat]}</p>
        {service.refreshes ? (
          <p>
            Each paid run includes {service.refreshes.perExecution} refresh
            {service.refreshes.perExecution === 1 ? "" : "es"} within {service.refreshes.withinHours} hour
            {service.refreshes.withinHours === 1 ? "" : "s"} at no extra charge.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No free refreshes are offered.</p>
        )}
      </Section>

      <Section id="schemas" title="Input and output">
        <SchemaDetails which="input" schema={service.inputSchema} />
        <SchemaDetails which="output" schema={service.outputSchema} />
      </Section>

      <section aria-labelledby="provider" className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4">
        <h2 id="provider" className="text-lg font-semibold">
          About the provider
        </h2>
        <AgentProfileCard agent={agent} headingLevel={3} />
        {otherServices.length > 0 ? (
          <section aria-labelledby="other-services" className="flex flex-col gap-3">
            <h3 id="other-services" className="font-semibold">
              More from {agent.displayName}
            </h3>
            <ServiceList services={otherServices} showAgent={false} headingLevel={4} />
          </section>
        ) : null}
      </section>
    </article>
  );
}

/** A declared schema, collapsed; or what applies when the publisher did not restate it. */
function SchemaDetails({ which, schema }: { which: "input" | "output"; schema: CatalogCapability["inputSchema"] }) {
  const label = which === "input" ? "Input schema" : "Output schema";
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer font-medium">{label}</summary>
      <div className="mt-3">
        {schema ? <JsonBlock value={schema} label={label} /> : <p>The tool&apos;s own {which} schema applies; the publisher did not restate it.</p>}
      </div>
    </details>
  );
}
