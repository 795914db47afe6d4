/** The publisher's page of an agent's registry record (with "Sync now"). */
export function registryDashboardPath(handle: string): string {
  return `/dashboard/agents/${handle}/registry-record`;
}
