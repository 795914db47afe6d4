import type { ReactNode } from "react";
import type { FetchCheckStatus } from "@/generated/prisma/enums";
import { Badge } from "@/components/ui/badge";

/** A worker check's state as a badge in words, with when it last ran: one line, announced when it changes. */
export function CheckStatusLine({
  status,
  words,
  children,
}: {
  status: FetchCheckStatus | null;
  words: { passed: string; failed: string; pending: string };
  /** When it last ran, in words; nothing before the first run. */
  children?: ReactNode;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
      {status === "passed" ? (
        <Badge tone="success">{words.passed}</Badge>
      ) : status === "failed" ? (
        <Badge tone="danger">{words.failed}</Badge>
      ) : (
        <Badge tone="info">{words.pending}</Badge>
      )}
      {children ? <span className="text-muted-foreground">{children}</span> : null}
    </p>
  );
}
