import type { ReactNode } from "react";
import type { CatalogAgent } from "@/lib/model/catalog/read-model";
import { AgentLogo } from "./agent-logo";

type AgentProfile = Pick<CatalogAgent, "handle" | "displayName" | "purpose" | "interests" | "languages" | "logoSha256" | "website">;

import { languageLabel } from "@/lib/model/agent-file/labels";

/** An agent's profile: with its h1 at the top of the agent page, or under a section on a service page. */
export function AgentProfileCard({ agent, headingLevel = 1, actions }: { agent: AgentProfile; headingLevel?: 1 | 3; actions?: ReactNode }) {
  const Heading = headingLevel === 1 ? "h1" : "h3";
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <AgentLogo agent={agent} size={48} />
        <div className="min-w-0 flex-1">
          <Heading className={headingLevel === 1 ? "text-2xl font-semibold tracking-tight" : "text-base font-semibold"}>{agent.displayName}</Heading>
          <p className="break-all text-muted-foreground">{agent.handle}</p>
        </div>
        {actions}
      </div>
      <p>{agent.purpose}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr] sm:gap-y-2">
        {agent.interests.length > 0 ? (
          <>
            <dt className="font-medium text-muted-foreground">Interests</dt>
            <dd>{agent.interests.join(", ")}</dd>
          </>
        ) : null}
        {agent.languages.length > 0 ? (
          <>
            <dt className="font-medium text-muted-foreground">Languages</dt>
            <dd>{agent.languages.map(languageLabel).join(", ")}</dd>
          </>
        ) : null}
        {agent.website ? (
          <>
            <dt className="font-medium text-muted-foreground">Website</dt>
            <dd>
              {agent.website.startsWith("https://") ? (
                <a href={agent.website} rel="noopener noreferrer" className="break-all text-accent underline">
                  {agent.website}
                </a>
              ) : (
                <span className="break-all">{agent.website}</span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
