/** The dashboard page of an agent's versions, their diff and its deletion. */
export function versionsDashboardPath(handle: string): string {
  return `/dashboard/agents/${handle}/versions`;
}
