// The editor's addresses (plain code, for pages, actions and links).
export const DRAFTS_PATH = "/dashboard/drafts";

export function draftPath(id: string, capabilityId?: string): string {
  const base = `${DRAFTS_PATH}/${encodeURIComponent(id)}`;
  return capabilityId ? `${base}?capability=${encodeURIComponent(capabilityId)}` : base;
}
