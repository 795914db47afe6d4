import { CheckStatusLine } from "./check-status-line";
import { AgentLogo } from "@/components/listings/agent-logo";
import type { LogoStatus } from "@/lib/domain/logos/dashboard";
import { LOGO_SIZES, logoPath } from "@/lib/domain/logos/paths";
import { dateTimeWords } from "@/lib/foundations/words/dates";

/** The logo's check on the publisher's page: pending, passed (the three sizes Explore serves) or failed, in words. */
export function LogoStatusView({ agent, logo }: { agent: { handle: string; displayName: string }; logo: LogoStatus }) {
  if (logo.url === null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <AgentLogo agent={{ ...agent, logoSha256: null }} size={64} decorative={false} />
        <p className="text-sm">
          The agent.json names no logo (<code className="font-mono text-xs">agent.logo</code>), so pages show this monogram.
        </p>
      </div>
    );
  }
  const served = logo.served;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-medium">Logo URL:</span> <span className="break-all font-mono text-xs">{logo.url}</span>
      </p>
      <CheckStatusLine status={logo.status} words={{ passed: "Passed", failed: "Fails a check", pending: "Being checked" }}>
        {logo.checkedAt ? `Last checked ${dateTimeWords(logo.checkedAt)}.` : null}
      </CheckStatusLine>
      {logo.status === "failed" && logo.failure ? (
        <p className="text-sm text-danger">
          {logo.failure}{" "}
          {served ? "Explore keeps serving the logo that passed before until this URL can be reached." : "Until a logo passes, pages show the monogram."}
        </p>
      ) : null}
      {logo.status !== "failed" && logo.status !== "passed" ? (
        <p className="text-sm text-muted-foreground">
          Explore&apos;s worker fetches the logo and checks it: https, PNG, JPEG or WebP, square, 128–1024 px, at most 256 KB.
          {served ? " The logo that passed before is served meanwhile." : " Pages show the monogram meanwhile."}
        </p>
      ) : null}
      {served ? (
        <figure className="flex flex-col gap-2">
          <div className="flex flex-wrap items-end gap-4">
            {LOGO_SIZES.map((size) => (
              <div key={size} className="flex flex-col items-center gap-1">
                {/* eslint-disable-next-line @next/next/no-img-element -- Explore's own copy, shown at its real size */}
                <img
                  src={logoPath(agent.handle, size, served.sha256)}
                  alt={`${agent.displayName} logo, ${size} px`}
                  width={size}
                  height={size}
                  className="max-w-full rounded-lg border border-border bg-card"
                />
                <span className="text-xs text-muted-foreground">{size} px</span>
              </div>
            ))}
          </div>
          <figcaption className="text-sm text-muted-foreground">
            The copies Explore serves{served.at ? `, made ${dateTimeWords(served.at)}` : ""}. SHA-256 of the file fetched{" "}
            <code className="break-all font-mono text-xs">{served.sha256}</code>
          </figcaption>
        </figure>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <AgentLogo agent={{ ...agent, logoSha256: null }} size={64} decorative={false} />
          <p className="text-sm text-muted-foreground">Shown on your pages until a logo passes.</p>
        </div>
      )}
    </div>
  );
}
