import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PlanLinks } from "@/components/payments/plan-links";
import { RevenueTable } from "@/components/payments/revenue-table";
import { SigningSecretForm } from "@/components/payments/signing-secret-form";
import { StopVerifyingForm } from "@/components/payments/stop-verifying-form";
import { StripeEventsTable } from "@/components/payments/stripe-events-table";
import { WebhookHealth } from "@/components/payments/webhook-health";
import { WebhookSetup } from "@/components/payments/webhook-setup";
import { AgentPageHeader } from "@/components/dashboard/agent-page-header";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { getViewer, requireViewer } from "@/lib/model/accounts/viewer";
import { analyticsDashboardPath } from "@/lib/domain/analytics/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { dateWords } from "@/lib/foundations/words/dates";
import { stripeWebhookPath } from "@/lib/domain/payments/paths";
import { findAgentPayments } from "@/lib/domain/payments/revenue";

type Props = { params: Promise<{ handle: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [raw, viewer] = await Promise.all([params, getViewer()]);
  const handle = handleFromParam(raw.handle);
  const payments = viewer && handle ? await findAgentPayments(viewer.id, handle) : null;
  return { title: payments ? `Payments · ${payments.displayName}` : "Payments", robots: { index: false } };
}

export default async function AgentPaymentsPage({ params }: Props) {
  const raw = await params;
  const viewer = await requireViewer(`/dashboard/agents/${raw.handle}/payments`);
  const handle = handleFromParam(raw.handle);
  const payments = handle ? await findAgentPayments(viewer.id, handle) : null;
  if (!payments) notFound();
  const now = new Date();
  const { webhook, mismatches, events } = payments;
  const shownMismatches = events.filter((e) => e.outcome === "mismatch").length;
  return (
    <div className="flex flex-col gap-8">
      <AgentPageHeader
        title={`Payments: ${payments.displayName}`}
        handle={payments.handle}
        badge={webhook ? <Badge tone="success">Stripe-verified</Badge> : <Badge>Provider-enforced</Badge>}
      >
        {webhook
          ? "Explore verifies this agent's Stripe events and keeps what each consumer bought; a paid run spends it."
          : "Your adapter checks its own records for the consumer's ID and answers that payment is required. Connect Stripe below to have Explore verify payments instead."}
      </AgentPageHeader>
      <p className="text-sm">
        <Link href={analyticsDashboardPath(payments.handle)} className="text-accent underline">
          Analytics of this agent
        </Link>{" "}
        <span className="text-muted-foreground">(runs, errors, latency and sample tests over 30 days)</span>
      </p>

      <Section id="connect" title="Connect Stripe">
        <WebhookSetup endpoint={absoluteUrl(stripeWebhookPath(payments.handle))} />
        {webhook ? <p className="text-sm font-medium">A signing secret is set, since {dateWords(webhook.secretSetAt)}.</p> : null}
        <SigningSecretForm handle={payments.handle} replacing={webhook !== null} />
        {webhook ? <StopVerifyingForm handle={payments.handle} /> : null}
      </Section>

      {webhook ? (
        <Section id="health" title="Webhook health">
          <WebhookHealth health={webhook} now={now} />
        </Section>
      ) : null}

      <Section id="plans" title="Plans and their Stripe Payment Links">
        <p className="text-sm text-muted-foreground">A payment is matched to a plan by its Payment Link, and checked against the plan&apos;s price.</p>
        <PlanLinks services={payments.services} />
      </Section>

      <Section id="revenue" title="Entitlements and revenue">
        <RevenueTable lines={payments.revenue} />
      </Section>

      <Section id="events" title="Latest Stripe events">
        {mismatches > 0 ? (
          <p role="note" className="text-sm text-warning">
            {mismatches === 1 ? "1 event" : `${mismatches.toLocaleString("en-US")} events`} did not match a plan (amount, currency, Payment Link or consumer)
            and granted nothing: {mismatches === 1 ? "it needs" : "they need"} your attention
            {shownMismatches < mismatches ? ` (${shownMismatches} of them among the latest ${events.length})` : ""}.
          </p>
        ) : null}
        <StripeEventsTable events={events} now={now} />
      </Section>
    </div>
  );
}
