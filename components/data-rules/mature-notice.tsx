import { Badge } from "@/components/ui/badge";

/** "Rated 18+: alcohol" — on a mature listing's page, for the viewers allowed to see it. */
export function MatureNotice({ reasons }: { reasons: readonly string[] }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Badge tone="warning">Rated 18+{reasons.length > 0 ? `: ${reasons.join(", ")}` : ""}</Badge>
      <span className="text-muted-foreground">Shown because you turned on 18+ services.</span>
    </p>
  );
}
