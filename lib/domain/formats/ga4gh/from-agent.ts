// An Explore agent → a GA4GH registry agent entry (GET /api/v1/agents/{handle}/ga4gh-entry.json). An agent
// imported from a registry entry gives back what that entry held (its core, kept with the registry record,
// and its latest snapshot); the profile fields both formats hold (name, summary, homepage, keywords) are
// Explore's current ones. An agent that never came from the registry is described from what Explore knows,
// and says so in its values (see docs/api.md): Explore invents no maintainer and no trust claim. An entry
// needs at least one maintainer: those the publisher stated in the editor, else the entry's own; with none,
// there is no entry, and the answer says in words what is missing (an entry that would not import again is
// never offered).
import type { AgentInfoSnapshot } from "./entry-schema";
import type { Maintainer } from "./maintainers";

export type ExportAgent = {
  handle: string;
  displayName: string;
  purpose: string;
  interests: string[];
  website: string | null;
  termsUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  /** As the publisher stated them in the editor; null: not stated. */
  maintainers: Maintainer[] | null;
};
export type ExportService = { capabilityId: string; name: string; class: string; version: string };
export type ExportRecord = { agentInfoUri: string; snapshot: AgentInfoSnapshot; syncedAt: Date; entryCore: Record<string, unknown> | null };
export type ExportUrls = { agentPage: string; agentApi: string };

const VERSION = /^\d+\.\d+\.\d+$/;
const CLASS_RISK: Record<string, number> = { read_only: 0, transformation: 1, external_action: 2 };

function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

function stringOf(core: Record<string, unknown> | null, key: string): string | null {
  const value = core?.[key];
  return typeof value === "string" && value !== "" ? value : null;
}

function highestVersion(services: readonly ExportService[]): string | null {
  const versions = services.map((s) => s.version).filter((v) => VERSION.test(v));
  versions.sort((a, b) => {
    const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
    for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
  });
  return versions.at(-1) ?? null;
}

/** Explore's own description for an agent without a registry record: the service classes the publisher declared. */
function exploreSnapshot(services: readonly ExportService[], at: Date): AgentInfoSnapshot {
  const gasl = Math.max(0, ...services.map((s) => CLASS_RISK[s.class] ?? 0));
  return {
    protocol_version: "ekl-1.0",
    agent_type: "mcp-service-provider",
    trust_level: "not-assessed",
    auo_capabilities: services.map((s) => s.capabilityId),
    last_synced: at.toISOString(),
    enrichment: { gasl_level: gasl, dependency_count: 0 },
  };
}

/** When the snapshot was taken: as the entry wrote it when that is the same instant, so a round trip keeps it. */
function lastSynced(record: ExportRecord): string {
  const written = record.snapshot.last_synced;
  return written !== undefined && Date.parse(written) === record.syncedAt.getTime() ? written : record.syncedAt.toISOString();
}

export type Ga4ghExport = { ok: true; entry: Record<string, unknown> } | { ok: false; missing: string };

export function maintainersMissing(handle: string): string {
  return (
    `${handle} has no GA4GH registry entry yet: an entry names at least one maintainer (a name and a GitHub user name), ` +
    "and its publisher has not stated any. The publisher states them in the dashboard's editor, under “Registry maintainers”."
  );
}

export function agentToGa4ghEntry(agent: ExportAgent, services: readonly ExportService[], record: ExportRecord | null, urls: ExportUrls): Ga4ghExport {
  const core = record?.entryCore ?? null;
  const maintainers = agent.maintainers ?? (Array.isArray(core?.maintainers) && core.maintainers.length > 0 ? core.maintainers : null);
  if (maintainers === null) return { ok: false, missing: maintainersMissing(agent.handle) };
  const snapshot = record ? { ...record.snapshot, last_synced: lastSynced(record) } : exploreSnapshot(services, agent.updatedAt);
  const projected = {
    scheme: "ga4gh-agent-runtime-risk",
    level: String(snapshot.enrichment.gasl_level),
    source: record ? "synced-from-endpoint" : "submitter-attested",
  };
  const kept = Array.isArray(core?.safety_classification)
    ? core.safety_classification.filter((c: unknown) => !(typeof c === "object" && c !== null && Reflect.get(c, "scheme") === "ga4gh-agent-runtime-risk"))
    : [];
  const homepage = agent.website ?? urls.agentPage;
  const license = stringOf(core, "license");
  const updated = agent.updatedAt.toISOString();
  const entry: Record<string, unknown> = {
    id: stringOf(core, "id") ?? agent.handle.slice(1),
    type: "agent",
    name: cut(agent.displayName, 200),
    summary: cut(agent.purpose, 200),
    // The longer description of the entry an agent came from, while its summary is still the agent's purpose.
    description: stringOf(core, "summary") === agent.purpose ? (stringOf(core, "description") ?? agent.purpose) : agent.purpose,
    homepage,
    repository: stringOf(core, "repository") ?? urls.agentPage,
    license: license ?? "other",
    ...(license === null || license === "other" ? { license_url: stringOf(core, "license_url") ?? agent.termsUrl ?? urls.agentPage } : {}),
    maintainers,
    version: stringOf(core, "version") ?? highestVersion(services) ?? "1.0.0",
    keywords: [...new Set(agent.interests)],
    category: stringOf(core, "category") ?? "other",
    ...(Array.isArray(core?.ga4gh_standards) ? { ga4gh_standards: core.ga4gh_standards } : {}),
    safety_classification: [...kept, projected],
    certification_tier: stringOf(core, "certification_tier") ?? "unsigned",
    record:
      typeof core?.record === "object" && core.record !== null
        ? core.record
        : { created: (agent.publishedAt ?? agent.updatedAt).toISOString(), updated, last_verified: updated },
    agent_info_uri: record?.agentInfoUri ?? urls.agentApi,
    ...(stringOf(core, "alignment_card_uri") ? { alignment_card_uri: stringOf(core, "alignment_card_uri") } : {}),
    agent_info_snapshot: snapshot,
  };
  return { ok: true, entry };
}
