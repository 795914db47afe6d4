import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { StripeEventOutcome } from "@/generated/prisma/enums";
import { OUTCOME_WORDS } from "@/lib/domain/payments/stripe-event-words";

const tones: Record<StripeEventOutcome, BadgeTone> = { granted: "success", applied: "info", ignored: "neutral", mismatch: "warning" };

export function OutcomeBadge({ outcome }: { outcome: StripeEventOutcome }) {
  return <Badge tone={tones[outcome]}>{outcome === "mismatch" ? "Mismatch · needs attention" : OUTCOME_WORDS[outcome]}</Badge>;
}
