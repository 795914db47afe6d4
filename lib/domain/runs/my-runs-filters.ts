import { ExecutionStatus } from "@/generated/prisma/enums";

// The My runs page's filters, from its URL (a plain GET form, so they work without JavaScript). Lenient:
// a value that cannot be meant is ignored.

const EXECUTION_STATUSES: readonly ExecutionStatus[] = Object.values(ExecutionStatus);

export type MyRunsFilters = {
  status: ExecutionStatus | null;
  /** A service as "@handle/cap_id". */
  service: { handle: string; capabilityId: string } | null;
};

const servicePattern = /^(@[a-z0-9][a-z0-9-]{1,30})\/(cap_[a-z0-9_]{2,40})$/;

function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function parseMyRunsFilters(params: Record<string, string | string[] | undefined>): MyRunsFilters {
  const status = EXECUTION_STATUSES.find((s) => s === first(params.status)) ?? null;
  const match = servicePattern.exec(first(params.service) ?? "");
  return { status, service: match?.[1] && match[2] ? { handle: match[1], capabilityId: match[2] } : null };
}

/** The select's value for a service. */
export function serviceKey(service: { handle: string; capabilityId: string }): string {
  return `${service.handle}/${service.capabilityId}`;
}
