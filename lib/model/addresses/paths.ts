// URLs of public pages. Handles are stored and shown with their "@" (`@demo-homes`); URLs carry it too.

const handlePattern = /^@[a-z0-9][a-z0-9-]{1,30}$/;

export function agentPath(handle: string): string {
  return `/agents/${withAt(handle)}`;
}

export function servicePath(handle: string, capabilityId: string): string {
  return `/services/${withAt(handle)}/${encodeURIComponent(capabilityId)}`;
}

function withAt(handle: string): string {
  return handle.startsWith("@") ? handle : `@${handle}`;
}

/** A `[handle]` route param (`@x`, `%40x` or `x`) as the stored handle, or null when it cannot be one. */
export function handleFromParam(param: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    return null;
  }
  const handle = withAt(decoded.trim().toLowerCase());
  return handlePattern.test(handle) ? handle : null;
}

/** A `[capabilityId]` route param, decoded, or null when it cannot be a capability ID. */
export function capabilityIdFromParam(param: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    return null;
  }
  return /^cap_[a-z0-9_]{2,40}$/.test(decoded) ? decoded : null;
}

/** A capability request's `[id]` route param (a cuid), or null when it cannot be one: a NUL byte, say, which the database refuses. */
export function requestIdFromParam(param: string): string | null {
  return /^[a-z0-9]{1,64}$/.test(param) ? param : null;
}

/** `?page=` as a page number from 1; anything else reads as the first page. */
export function pageFromParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
