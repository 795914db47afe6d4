"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import type { RulesVerdict } from "@/lib/domain/listings/cards";
import { ratingLabels } from "@/lib/model/agent-file/labels";
import { AgentLogo } from "./agent-logo";
import { FactsList } from "./facts-list";
import { HighlightedText, type MarkedText } from "./highlighted-text";

// A client component so that the page's data (the RSC payload inlined in its HTML) carries a card as the few
// words it shows, not as its whole markup: a search page has 24 of them, and that payload's size is much of what
// the page costs to render (docs/benchmarks.md). ServiceCard (service-card.tsx) turns a listing into these words.

/** What a card shows, worked out on the server (its times are as of the request, so nothing differs on hydration). */
export type CardData = {
  capabilityId: string;
  agent: { handle: string; displayName: string; logoSha256: string | null };
  /** With the search's words marked, when some are. */
  name: MarkedText;
  summary: MarkedText;
  /** "12 runs in 30 days · 92% succeeded". */
  activity: string | null;
  facts: { kind: string; price: string; paid: boolean };
  mature: boolean;
  /** "Sample-tested 6 d ago". */
  tested: string | null;
  /** How the service meets the viewer's saved data rules (only for a viewer who has some). */
  rules: RulesVerdict | null;
};

function RulesBadge({ rules }: { rules: NonNullable<CardData["rules"]> }) {
  if (rules.met === rules.total) {
    return (
      <Badge tone="success">
        <span aria-hidden="true">✓&nbsp;</span>Meets your data rules
      </Badge>
    );
  }
  return (
    <Badge tone="warning">
      Meets {rules.met} of your {rules.total} data rules
    </Badge>
  );
}

export function ServiceCardView({ card, showAgent, headingLevel, preview }: { card: CardData; showAgent: boolean; headingLevel: 3 | 4; preview: boolean }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const { agent } = card;
  const name = <HighlightedText text={card.name} />;
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-sm">
      <div className="flex items-start gap-3">
        {showAgent ? <AgentLogo agent={agent} size={40} className="mt-0.5" /> : null}
        {/* gap-1 and the agent link's padding keep the two links 24 px apart, centre to centre (WCAG 2.5.8 target size). */}
        <div className="flex min-w-0 flex-col gap-1">
          <Heading className="text-base font-semibold leading-snug">
            {preview ? (
              <span>
                {name} <span className="text-sm font-normal text-muted-foreground">(preview)</span>
              </span>
            ) : (
              // No prefetch: a page of cards would ask the server for every card's page on every visit, and each
              // answer renders for the viewer; a click fetches the page it needs.
              <Link href={servicePath(agent.handle, card.capabilityId)} prefetch={false} className="text-accent hover:underline">
                {name}
              </Link>
            )}
          </Heading>
          {showAgent ? (
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-1 text-sm text-muted-foreground">
              <span>by</span>
              {preview ? (
                <span>{agent.displayName}</span>
              ) : (
                <Link href={agentPath(agent.handle)} prefetch={false} className="inline-block py-0.5 hover:underline">
                  {agent.displayName}
                </Link>
              )}
              {/* A handle reads as one word: never broken mid-word, cut with an ellipsis when too long. */}
              <span className="min-w-0 max-w-full truncate whitespace-nowrap break-keep" title={agent.handle}>
                {agent.handle}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <p className="text-sm">
        <HighlightedText text={card.summary} />
      </p>
      {card.activity ? <p className="text-sm text-muted-foreground">{card.activity}</p> : null}
      <FactsList {...card.facts} className="mt-auto pt-2">
        {card.mature ? (
          <li>
            <Badge tone="danger">
              <span className="sr-only">Content rating: </span>
              {ratingLabels.mature}
            </Badge>
          </li>
        ) : null}
        {card.tested ? (
          <li>
            <Badge tone="success">
              <span aria-hidden="true">✓&nbsp;</span>
              {card.tested}
            </Badge>
          </li>
        ) : null}
        {card.rules ? (
          <li>
            <RulesBadge rules={card.rules} />
          </li>
        ) : null}
      </FactsList>
    </article>
  );
}
