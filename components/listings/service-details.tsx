import type { ReactNode } from "react";
import Link from "next/link";
import { AgentLogo } from "./agent-logo";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { SampleTestSection } from "@/components/sample-tests/sample-test-section";
import { agentPath } from "@/lib/model/addresses/paths";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { AgentProfileCard } from "./agent-profile";
import { DataDeclaration } from "./data-declaration";
import { ExternalAction } from "./external-action";
import { JsonBlock } from "./json-block";
import { categoryWords, classDescriptions, classLabels, matureReasonLabels, ratingLabels, repeatDescriptions } from "@/lib/model/agent-file/labels";
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

/** The in-page links of a service page. */
function ServiceNav() {
  const links = [
    { href: "#overview", label: "Overview" },
    { href: "#run", label: "Run" },
    { href: "#data", label: "Data" },
    { href: "#plans", label: "Pricing" },
    { href: "#api", label: "API" },
  ];
  return (
    <nav aria-label="On this page" className="border-y border-border py-2">
      <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="inline-block rounded-md px-2 py-1 font-medium text-accent hover:bg-muted hover:underline">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Every field of a listing, in words: the body of the service page. From 1024 px two columns: the story on the
 * left, the Run panel beside it (sticky, scrolling inside itself when taller than the window); narrower, the
 * Run panel comes right after the summary (its place in the document order). docs/service-page.md.
 */
export function ServiceDetails({
  service,
  otherServices,
  runPanel,
  report,
  changes,
  dataRules,
  useFromAgent,
}: {
  service: CatalogCapability;
  otherServices: CatalogCapability[];
  runPanel: ReactNode;
  report: ReactNode;
  changes: ReactNode;
  /** The viewer's own data rules checked against the declaration (per request). */
  dataRules: ReactNode;
  useFromAgent: ReactNode;
}) {
  const { agent } = service;
  const reasons = service.matureReasons.map((r) => matureReasonLabels[r] ?? r);
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">{service.name}</h1>
          {report}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
          <AgentLogo agent={agent} size={28} />
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

      <ServiceNav />

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] lg:grid-rows-[auto_1fr]">
        <div id="overview" className="grid min-w-0 scroll-mt-4 gap-6 md:grid-cols-2 lg:col-start-1 lg:row-start-1 lg:grid-cols-1 xl:grid-cols-2">
          <Section id="summary" title="What it does">
            <p>{service.summary}</p>
          </Section>
          <Section id="limitations" title="What it does not do">
            <p className="whitespace-pre-line">{service.limitations}</p>
          </Section>
        </div>

        {/* The Run panel spans both rows of the right column, so its inner box can stay in view while the story scrolls. */}
        <div id="run" className="min-w-0 scroll-mt-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div data-run-panel className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto lg:overscroll-contain">
            {runPanel}
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {service.example ? (
            <Section id="showcase" title="Example">
              <Showcase example={service.example} />
            </Section>
          ) : null}

          <SampleTestSection handle={agent.handle} capabilityId={service.capabilityId} expectedInExample={service.example?.expectedOutput != null} />

          {service.class === "external_action" ? (
            <Section id="outside" title="What it does outside Explore">
              <ExternalAction outsideAction={service.outsideAction} effects={service.effects} cancellation={service.cancellation} />
            </Section>
          ) : null}

          <Section id="data" title="How it handles data">
            <DataDeclaration data={service.data} />
            {dataRules}
          </Section>

          <Section id="plans" title="Plans and prices">
            <PlanCards plans={service.plans} payment={agent.payment} service={{ handle: agent.handle, capabilityId: service.capabilityId }} />
          </Section>

          {changes}

          <Section id="details" title="Details">
            <dl>
              <Fact term="Class">
                {classLabels[service.class]}: {classDescriptions[service.class]}
              </Fact>
              <Fact term="Content rating">
                {ratingLabels[service.contentRating]}
                {reasons.length > 0 ? ` (${reasons.join(", ")})` : ""}
              </Fact>
              <Fact term="Category">{categoryWords(service.category)}</Fact>
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
              <Fact term="Longest run">{service.maxDurationSeconds !== null ? `${service.maxDurationSeconds} seconds` : "Not stated"}</Fact>
            </dl>
            <TechnicalDetails service={service} />
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

          {useFromAgent}

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
        </div>
      </div>
    </article>
  );
}

/** What a developer looks up (tool name, capability ID, slug, protocol), kept out of the human story. */
function TechnicalDetails({ service }: { service: CatalogCapability }) {
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer font-medium">Technical details</summary>
      <dl className="mt-2">
        <Fact term="Capability ID">
          <code className="break-all font-mono">{service.capabilityId}</code>
        </Fact>
        <Fact term="Tool">
          <code className="break-all font-mono">{service.tool}</code>
        </Fact>
        <Fact term="Category slug">
          <code className="break-all font-mono">{service.category}</code>
        </Fact>
        <Fact term="Protocol">MCP tools/call over Streamable HTTP, with an execution ID Explore creates for each run</Fact>
        <Fact term="Adapter endpoint">
          {service.agent.endpointPending ? "Not announced yet" : <code className="break-all font-mono">{service.agent.endpoint}</code>}
        </Fact>
      </dl>
    </details>
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
