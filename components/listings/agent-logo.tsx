import { classNames } from "@/components/ui/class-names";
import { logoPath, logoSizeFor } from "@/lib/domain/logos/paths";
import { monogramHue, monogramInitials } from "@/lib/domain/logos/monogram";

type Props = {
  agent: { handle: string; displayName: string; logoSha256: string | null };
  /** Shown size in CSS pixels (square). */
  size: number;
  /**
   * Decorative (the default) where the agent's name is beside it: alt="" and hidden from screen readers.
   * Otherwise it is named "<name> logo".
   */
  decorative?: boolean;
  className?: string;
};

/** An agent's logo as Explore serves it (never the publisher's URL), or its monogram until one passes. */
export function AgentLogo({ agent, size, decorative = true, className }: Props) {
  const label = `${agent.displayName} logo`;
  // Small logos (cards, the service page's byline) get the smaller corner radius, as the cards beside them.
  const box = classNames("shrink-0 border border-border", size <= 40 ? "rounded-md" : "rounded-lg", className);
  if (agent.logoSha256) {
    return (
      // Explore's own small WebP copy: next/image would only re-encode it again.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={logoPath(agent.handle, logoSizeFor(size), agent.logoSha256)}
        alt={decorative ? "" : label}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={classNames(box, "bg-card object-cover")}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })}
      data-monogram=""
      className={classNames(box, "inline-flex select-none items-center justify-center font-semibold text-white")}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)), backgroundColor: `hsl(${monogramHue(agent.handle)} 60% 28%)` }}
    >
      {monogramInitials(agent.displayName, agent.handle)}
    </span>
  );
}
