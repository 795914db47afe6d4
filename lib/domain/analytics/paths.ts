// URLs of an agent's analytics: the page and its CSV download, optionally for one service.

function serviceQuery(capabilityId: string | null | undefined): string {
  return capabilityId ? `?service=${encodeURIComponent(capabilityId)}` : "";
}

export function analyticsDashboardPath(handle: string, capabilityId?: string | null): string {
  return `/dashboard/agents/${handle}/analytics${serviceQuery(capabilityId)}`;
}

export function analyticsCsvPath(handle: string, capabilityId?: string | null): string {
  return `/dashboard/agents/${handle}/analytics.csv${serviceQuery(capabilityId)}`;
}

/** `?service=` as a capability ID, or null for all services (empty or missing); anything else is kept to be reported as unknown. */
export function serviceFromQuery(value: string | string[] | null | undefined): string | null {
  const one = Array.isArray(value) ? value[0] : value;
  const trimmed = one?.trim() ?? "";
  return trimmed === "" ? null : trimmed.slice(0, 64);
}
