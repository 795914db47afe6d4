import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { classNames } from "@/components/ui/class-names";

// Shared by the server (the service page's header, through ServiceFacts) and the cards, which are client components.

/** The badges row of a service: its class and price, then what the caller adds. */
export function FactsList({ kind, price, paid, className, children }: { kind: string; price: string; paid: boolean; className?: string; children: ReactNode }) {
  return (
    <ul aria-label="Facts" className={classNames("flex flex-wrap gap-2", className)}>
      <li>
        <Badge>{kind}</Badge>
      </li>
      <li>
        <Badge tone={paid ? "info" : "neutral"}>
          <span className="sr-only">Price: </span>
          {price}
        </Badge>
      </li>
      {children}
    </ul>
  );
}
