import type { AgentProfile } from "@/lib/listings/queries";

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

function languageLabel(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** An agent's profile with its h1: the top of the agent page. */
export function AgentProfileCard({ agent }: { agent: AgentProfile }) {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{agent.displayName}</h1>
        <p className="break-all text-muted-foreground">{agent.handle}</p>
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
