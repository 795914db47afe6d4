// URLs of the sample-test pages: the publisher's per-capability page and the public badge.

export function sampleTestsDashboardPath(handle: string, capabilityId: string): string {
  return `/dashboard/agents/${handle}/${encodeURIComponent(capabilityId)}`;
}

export function badgePath(handle: string, capabilityId: string): string {
  return `/badges/${handle}/${encodeURIComponent(capabilityId)}.svg`;
}
