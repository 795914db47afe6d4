import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { LogoStatusView } from "@/components/logos/logo-status";
import { TermsStatusView } from "@/components/logos/terms-status";
import { Badge } from "@/components/ui/badge";
import { QueueButton } from "@/components/ui/queue-button";
import { Section } from "@/components/ui/section";
import { getViewer, requireViewer } from "@/lib/model/accounts/viewer";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { checkAgainAction } from "@/lib/domain/logos/actions";
import { findLogoAndTerms } from "@/lib/domain/logos/dashboard";
import { logoDashboardPath } from "@/lib/domain/logos/paths";

type Props = { params: Promise<{ handle: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [raw, viewer] = await Promise.all([params, getViewer()]);
  const handle = handleFromParam(raw.handle);
  const found = viewer && handle ? await findLogoAndTerms(viewer.id, handle) : null;
  return { title: found ? `Logo and terms · ${found.displayName}` : "Logo and terms", robots: { index: false } };
}

export default async function LogoAndTermsPage({ params }: Props) {
  const raw = await params;
  const viewer = await requireViewer(logoDashboardPath(raw.handle));
  const handle = handleFromParam(raw.handle);
  const found = handle ? await findLogoAndTerms(viewer.id, handle) : null;
  if (!found) notFound();
  const { logo, terms } = found;
  const problems = (logo.status === "failed" ? 1 : 0) + (terms.status === "failed" ? 1 : 0);
  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader
        title={`Logo and terms: ${found.displayName}`}
        handle={found.handle}
        badge={problems > 0 ? <Badge tone="danger">{problems === 1 ? "1 problem" : `${problems} problems`}</Badge> : <Badge>No problems</Badge>}
      >
        Explore fetches the logo and terms URLs of your agent.json, checks them and serves its own copy of the logo; your pages never load anything from your
        servers.
      </AgentPageHeader>

      <Section id="logo" title="Logo">
        <LogoStatusView agent={found} logo={logo} />
        {logo.url !== null ? (
          <QueueButton action={checkAgainAction} fields={{ handle: found.handle, kind: "logo" }} id="check-again-logo" variant="secondary">
            Check again<span className="sr-only"> the logo</span>
          </QueueButton>
        ) : null}
      </Section>

      <Section id="terms" title="Terms">
        <TermsStatusView terms={terms} />
        {terms.url !== null ? (
          <QueueButton action={checkAgainAction} fields={{ handle: found.handle, kind: "terms" }} id="check-again-terms" variant="secondary">
            Check again<span className="sr-only"> the terms</span>
          </QueueButton>
        ) : null}
      </Section>
    </div>
  );
}
