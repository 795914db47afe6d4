import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The ownership suite: every server action, called by another signed-in user with the IDs of
// something they do not own (or by a non-administrator for moderation), fails and changes nothing.
// The viewer is the only thing mocked: each action runs against the real (throw-away) database.

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { deleteAgentAction, publishAgentAction, setServiceOfferedAction, unpublishAgentAction } from "@/lib/domain/agents/actions";
import { importAgentAction } from "@/lib/domain/publishing/entry-actions";
import { saveAgeSettingsAction } from "@/lib/model/accounts/settings-actions";
import { saveDataRulesAction } from "@/lib/domain/data-rules/actions";
import { dismissReportAction, reinstateListingAction, reportListingAction, suspendListingAction } from "@/lib/domain/moderation/actions";
import { cancelExecutionAction, checkOutcomeAction, repeatExecutionAction, runCapabilityAction, runWithProgressAction } from "@/lib/domain/runs/actions";
import { resolveUnknownOutcomeAction } from "@/lib/domain/runs/resolve-outcome-action";
import { saveSigningSecretAction, stopVerifyingAction } from "@/lib/domain/payments/webhook-settings";
import { testNowAction } from "@/lib/domain/sample-tests/actions";
import { createAdapterTokenAction, revokeAdapterTokenAction } from "@/lib/domain/agents/adapter-token-actions";
import {
  confirmSuggestionAction,
  deleteDraftAction,
  editAgentAction,
  publishDraftAction,
  saveDraftAction,
  saveDraftMaintainersAction,
  tryDraftExampleAction,
} from "@/lib/domain/publishing/draft-actions";
import { checkAgainAction } from "@/lib/domain/logos/actions";
import { sealSecret } from "@/lib/foundations/secrets";
import { answerRequestAction } from "@/lib/domain/requests/actions";
import { createApiTokenAction, revokeApiTokenAction } from "@/lib/domain/api-tokens/actions";
import { syncRegistryNowAction } from "@/lib/domain/registry/actions";
import { redirectTarget } from "@/lib/testing/next-redirect";
import { formData } from "@/lib/testing/form-data";
import { session } from "@/lib/testing/viewer-stub";

afterAll(cleanUpTestRows);

type World = Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const alice = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
  const bob = await createTestUser({ dateOfBirth: new Date("1985-01-01"), showMature: false });
  const published = await createTestAgent({
    ownerId: alice.id,
    status: "published",
    capabilities: [{ capabilityId: "cap_one" }],
    extra: { logoUrl: "https://logos.example.com/alice.png", termsUrl: "https://alice.example.com/terms" },
  });
  const unpublished = await createTestAgent({ ownerId: alice.id, status: "unpublished", capabilities: [{ capabilityId: "cap_two" }] });
  const suspended = await createTestAgent({
    ownerId: alice.id,
    capabilities: [{ capabilityId: "cap_three", extra: { suspendedAt: new Date(), suspendedReason: "Misleading." } }],
  });
  const cap = published.capabilities[0];
  if (!cap) throw new Error("fixture");
  const execution = await db.execution.create({
    data: { capabilityId: cap.id, userId: alice.id, argumentsSha256: "0".repeat(64), status: "outcome_unknown" },
    select: { id: true },
  });
  const report = await db.report.create({ data: { capabilityId: cap.id, reporterId: alice.id, reason: "broken" }, select: { id: true } });
  await db.stripeWebhook.create({ data: { agentId: published.id, secretCiphertext: sealSecret("whsec_alice_0000000000", published.id) } });
  const logo = {
    url: "https://logos.example.com/alice.png",
    status: "failed",
    failure: "The logo is 300 × 200 px; it must be square.",
    nextCheckAt: null,
  } as const;
  await db.agentLogo.upsert({ where: { agentId: published.id }, create: { agentId: published.id, ...logo }, update: logo });
  const terms = { url: "https://alice.example.com/terms", status: "passed", nextCheckAt: null } as const;
  await db.agentTermsCheck.upsert({ where: { agentId: published.id }, create: { agentId: published.id, ...terms }, update: terms });
  const token = await db.adapterToken.create({
    data: { agentId: published.id, tokenSha256: `alice-${published.id}`, label: "Alice's adapter" },
    select: { id: true },
  });
  const apiToken = await db.apiToken.create({ data: { userId: alice.id, tokenSha256: `alice-api-${alice.id}`, label: "Alice's agent" }, select: { id: true } });
  const request = await db.capabilityRequest.create({
    data: { title: "Wanted: one", description: "For the ownership suite.", tags: ["testing"] },
    select: { id: true },
  });
  // A registry record (as publishing a GA4GH entry's draft leaves it); loopback, and not due, so no worker reads it.
  await db.registryRecord.create({
    data: {
      agentId: published.id,
      agentInfoUri: "https://127.0.0.1:9/service-info",
      snapshot: { protocol_version: "0.5.0", agent_type: "a", trust_level: "b", enrichment: { gasl_level: 1 } },
      syncedAt: new Date(0),
      nextSyncAt: null,
    },
  });
  const draft = await db.agentDraft.create({
    data: { ownerId: alice.id, agentId: published.id, baseUpdatedAt: new Date(0), source: "agent", text: otherAgentJson(published.handle) },
    select: { id: true },
  });
  return { alice, bob, published, unpublished, suspended, execution, report, token, apiToken, request, draft };
}

/** Everything an action could have changed, read fresh. */
async function snapshot(w: World) {
  const agentIds = [w.published.id, w.unpublished.id, w.suspended.id];
  return {
    users: await db.user.findMany({
      where: { id: { in: [w.alice.id] } },
      select: { id: true, dateOfBirth: true, showMature: true, dataRules: true, name: true },
    }),
    agents: await db.agent.findMany({
      where: { id: { in: agentIds } },
      select: { id: true, handle: true, status: true, displayName: true, ownerId: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
    capabilities: await db.capability.findMany({
      where: { agentId: { in: agentIds } },
      select: { id: true, name: true, suspendedAt: true, suspendedReason: true, offered: true, listed: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
    executions: await db.execution.findMany({
      where: { capability: { agentId: { in: agentIds } } },
      select: { id: true, status: true, userId: true, finishedAt: true },
      orderBy: { id: "asc" },
    }),
    reports: await db.report.findMany({ where: { capability: { agentId: { in: agentIds } } }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
    decisions: await db.moderationDecision.count({ where: { agentHandle: { in: [w.published.handle, w.unpublished.handle, w.suspended.handle] } } }),
    sampleTestStates: await db.sampleTestState.count({ where: { capability: { agentId: { in: agentIds } } } }),
    stripeWebhooks: await db.stripeWebhook.findMany({ where: { agentId: { in: agentIds } }, orderBy: { agentId: "asc" } }),
    adapterTokens: await db.adapterToken.findMany({ where: { agentId: { in: agentIds } }, orderBy: { id: "asc" } }),
    apiTokens: await db.apiToken.findMany({ where: { userId: w.alice.id }, orderBy: { id: "asc" } }),
    capabilityRequests: await db.capabilityRequest.findMany({ where: { id: w.request.id }, select: { status: true, answeredCapabilityId: true, votes: true } }),
    // Alice's drafts, and any Bob came away with (an "Edit" of Alice's agent must not give him one).
    drafts: await db.agentDraft.findMany({ where: { ownerId: { in: [w.alice.id, w.bob.id] } }, orderBy: { id: "asc" } }),
    versions: await db.agentVersion.count({ where: { agentId: { in: agentIds } } }),
    deletedAgents: await db.deletedAgent.count({ where: { handle: { in: [w.published.handle, w.unpublished.handle, w.suspended.handle] } } }),
    logoChecks: await db.agentLogo.findMany({ where: { agentId: { in: agentIds } }, orderBy: { agentId: "asc" } }),
    termsChecks: await db.agentTermsCheck.findMany({ where: { agentId: { in: agentIds } }, orderBy: { agentId: "asc" } }),
    outcomeResolutions: await db.unknownOutcomeResolution.count({ where: { execution: { capability: { agentId: { in: agentIds } } } } }),
    registryRecords: await db.registryRecord.findMany({ where: { agentId: { in: agentIds } }, orderBy: { agentId: "asc" } }),
    draftImports: await db.draftImport.findMany({ where: { draft: { ownerId: { in: [w.alice.id, w.bob.id] } } }, orderBy: { draftId: "asc" } }),
  };
}

function otherAgentJson(handle: string): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Taken Over", purpose: "Tries to replace someone else's agent." },
    adapter: { endpoint: "https://evil.example.com/mcp" },
    capabilities: [
      { tool: "steal", name: "Steal", summary: "Replaces another publisher's agent.", category: "testing.unit", limitations: "None.", class: "read_only" },
    ],
  });
}

let world: World;
beforeEach(async () => {
  world = await makeWorld();
  session.viewer = world.bob;
});

function isFailure(result: unknown): boolean {
  return typeof result === "object" && result !== null && "ok" in result && result.ok === false;
}

/** The streamed run's answer: refused at once, or the last event of its stream. */
async function streamedRun(form: FormData): Promise<unknown> {
  const started = await runWithProgressAction(null, form);
  if (!started.ok) return started;
  const reader = started.data.events.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return null;
    if (value.type === "answer") return value.result;
  }
}

// One line per action: what Bob sends, with Alice's IDs.
const attempts: { name: string; call: (w: World) => Promise<unknown> }[] = [
  { name: "importAgentAction (Alice's handle)", call: (w) => importAgentAction(null, formData({ text: otherAgentJson(w.published.handle), publish: "on" })) },
  { name: "publishAgentAction", call: (w) => publishAgentAction(null, formData({ handle: w.unpublished.handle })) },
  { name: "unpublishAgentAction", call: (w) => unpublishAgentAction(null, formData({ handle: w.published.handle, confirm: "yes" })) },
  { name: "deleteAgentAction", call: (w) => deleteAgentAction(null, formData({ handle: w.unpublished.handle, confirmation: w.unpublished.handle })) },
  {
    name: "setServiceOfferedAction",
    call: (w) => setServiceOfferedAction(null, formData({ handle: w.published.handle, capabilityId: "cap_one", offered: "0" })),
  },
  { name: "testNowAction", call: (w) => testNowAction(null, formData({ handle: w.published.handle, capabilityId: "cap_one" })) },
  {
    name: "runCapabilityAction (Alice's unpublished service)",
    call: (w) => runCapabilityAction(null, formData({ handle: w.unpublished.handle, capabilityId: "cap_two", arguments: "{}" })),
  },
  {
    name: "runWithProgressAction (Alice's unpublished service)",
    call: (w) => streamedRun(formData({ handle: w.unpublished.handle, capabilityId: "cap_two", arguments: "{}" })),
  },
  {
    name: "runCapabilityAction (Alice's suspended service)",
    call: (w) => runCapabilityAction(null, formData({ handle: w.suspended.handle, capabilityId: "cap_three", arguments: "{}" })),
  },
  { name: "checkOutcomeAction (Alice's run)", call: (w) => checkOutcomeAction({ executionId: w.execution.id }) },
  { name: "cancelExecutionAction (Alice's run)", call: (w) => cancelExecutionAction({ executionId: w.execution.id }) },
  { name: "resolveUnknownOutcomeAction (Alice's unknown outcome)", call: (w) => resolveUnknownOutcomeAction(null, formData({ executionId: w.execution.id })) },
  { name: "repeatExecutionAction (Alice's run)", call: (w) => repeatExecutionAction({ executionId: w.execution.id, arguments: "{}" }) },
  {
    name: "reportListingAction (Alice's unpublished service)",
    call: (w) => reportListingAction(null, formData({ handle: w.unpublished.handle, capabilityId: "cap_two", reason: "broken" })),
  },
  { name: "dismissReportAction (not an administrator)", call: (w) => dismissReportAction(null, formData({ reportId: w.report.id })) },
  {
    name: "suspendListingAction (not an administrator)",
    call: (w) => suspendListingAction(null, formData({ handle: w.published.handle, capabilityId: "cap_one", reason: "Mine now." })),
  },
  {
    name: "saveSigningSecretAction (Alice's agent)",
    call: (w) => saveSigningSecretAction(null, formData({ handle: w.published.handle, secret: "whsec_bob_000000000000" })),
  },
  {
    name: "saveSigningSecretAction (Alice's unverified agent)",
    call: (w) => saveSigningSecretAction(null, formData({ handle: w.unpublished.handle, secret: "whsec_bob_000000000000" })),
  },
  { name: "stopVerifyingAction (Alice's agent)", call: (w) => stopVerifyingAction(null, formData({ handle: w.published.handle, confirm: "yes" })) },
  { name: "createAdapterTokenAction (Alice's agent)", call: (w) => createAdapterTokenAction(null, formData({ handle: w.published.handle, label: "Bob's" })) },
  {
    name: "revokeAdapterTokenAction (Alice's token)",
    call: (w) => revokeAdapterTokenAction(null, formData({ handle: w.published.handle, tokenId: w.token.id })),
  },
  {
    name: "revokeAdapterTokenAction (Alice's token, named under Bob's handle)",
    call: async (w) => {
      const bobs = await createTestAgent({ ownerId: w.bob.id, status: "unpublished" });
      return revokeAdapterTokenAction(null, formData({ handle: bobs.handle, tokenId: w.token.id }));
    },
  },
  { name: "revokeApiTokenAction (Alice's API token)", call: (w) => revokeApiTokenAction(null, formData({ tokenId: w.apiToken.id })) },
  {
    name: "revokeApiTokenAction (Alice's API token, naming Alice)",
    call: (w) => revokeApiTokenAction(null, formData({ tokenId: w.apiToken.id, userId: w.alice.id })),
  },
  {
    name: "answerRequestAction (with Alice's service)",
    call: (w) => answerRequestAction(null, formData({ requestId: w.request.id, service: `${w.published.handle}/cap_one` })),
  },
  { name: "editAgentAction (Alice's agent)", call: (w) => editAgentAction(null, formData({ handle: w.published.handle })) },
  { name: "saveDraftAction (Alice's draft)", call: (w) => saveDraftAction(null, formData({ id: w.draft.id, text: "{}" })) },
  { name: "deleteDraftAction (Alice's draft)", call: (w) => deleteDraftAction(null, formData({ id: w.draft.id })) },
  { name: "publishDraftAction (Alice's draft)", call: (w) => publishDraftAction(null, formData({ id: w.draft.id, publish: "yes", overwrite: "yes" })) },
  {
    name: "publishDraftAction (Alice's draft, with Bob's text)",
    call: (w) => publishDraftAction(null, formData({ id: w.draft.id, text: otherAgentJson("@bobs-new-agent"), publish: "yes", overwrite: "yes" })),
  },
  { name: "tryDraftExampleAction (Alice's draft)", call: (w) => tryDraftExampleAction(null, formData({ id: w.draft.id, capabilityId: "cap_steal" })) },
  { name: "confirmSuggestionAction (Alice's draft)", call: (w) => confirmSuggestionAction(null, formData({ id: w.draft.id, path: "/capabilities/0/class" })) },
  {
    name: "confirmSuggestionAction (Alice's draft, with Bob's text)",
    call: (w) => confirmSuggestionAction(null, formData({ id: w.draft.id, path: "/capabilities/0/class", text: "{}" })),
  },
  {
    name: "saveDraftMaintainersAction (Alice's draft)",
    call: (w) => saveDraftMaintainersAction(null, formData({ id: w.draft.id, maintainers: "Bob, bob-gh" })),
  },
  { name: "checkAgainAction (Alice's logo)", call: (w) => checkAgainAction(null, formData({ handle: w.published.handle, kind: "logo" })) },
  { name: "checkAgainAction (Alice's terms)", call: (w) => checkAgainAction(null, formData({ handle: w.published.handle, kind: "terms" })) },
  { name: "syncRegistryNowAction (Alice's registry record)", call: (w) => syncRegistryNowAction(null, formData({ handle: w.published.handle })) },
  {
    name: "reinstateListingAction (not an administrator)",
    call: (w) => reinstateListingAction(null, formData({ handle: w.suspended.handle, capabilityId: "cap_three" })),
  },
];

describe("ownership: another user's IDs fail and change nothing", () => {
  for (const attempt of attempts) {
    it(attempt.name, async () => {
      const before = await snapshot(world);
      const result = await attempt.call(world);
      expect(isFailure(result), JSON.stringify(result)).toBe(true);
      expect(await snapshot(world)).toEqual(before);
    });
  }

  it("settings actions write only the caller's own row, whatever ids the form carries", async () => {
    const before = await snapshot(world);
    const age = await saveAgeSettingsAction(null, formData({ id: world.alice.id, userId: world.alice.id, dateOfBirth: "2012-01-01" }));
    const rules = await saveDataRulesAction(null, formData({ id: world.alice.id, userId: world.alice.id, preset: "strict" }));
    expect(age.ok && rules.ok).toBe(true);
    expect(await snapshot(world)).toEqual(before);
    const bob = await db.user.findUniqueOrThrow({ where: { id: world.bob.id }, select: { dateOfBirth: true, showMature: true, dataRules: true } });
    expect(bob.dateOfBirth?.toISOString().slice(0, 10)).toBe("2012-01-01");
    expect(bob.dataRules).not.toBeNull();
  });

  it("createApiTokenAction makes the token for the caller only, whatever ids the form carries", async () => {
    const before = await snapshot(world);
    const made = await createApiTokenAction(null, formData({ userId: world.alice.id, label: "Bob's agent" }));
    expect(made.ok).toBe(true);
    expect(await snapshot(world)).toEqual(before);
    expect(await db.apiToken.count({ where: { userId: world.bob.id } })).toBe(1);
  });

  it("importing a GA4GH entry naming Alice's handle opens Bob's own draft (source ga4gh_entry) and changes nothing of Alice's", async () => {
    const entry = {
      id: world.published.handle.slice(1),
      type: "agent",
      name: "Taken Over",
      summary: "Tries to replace someone else's agent.",
      description: "Tries to replace someone else's agent.",
      homepage: "https://evil.example.com/",
      repository: "https://evil.example.com/repo",
      license: "MIT",
      maintainers: [{ name: "Bob", github: "bob" }],
      version: "1.0.0",
      keywords: [],
      category: "other",
      safety_classification: [],
      certification_tier: "unsigned",
      record: { created: "2026-01-01T00:00:00Z", updated: "2026-01-01T00:00:00Z", last_verified: "2026-01-01T00:00:00Z" },
      agent_info_uri: "https://127.0.0.1:9/service-info",
      agent_info_snapshot: { protocol_version: "0.5.0", agent_type: "a", trust_level: "b", enrichment: { gasl_level: 4 } },
    };
    const before = await snapshot(world);
    const target = await redirectTarget(importAgentAction(null, formData({ text: JSON.stringify(entry), publish: "on" })));
    const after = await snapshot(world);
    const { drafts: draftsBefore, draftImports: _importsBefore, ...restBefore } = before;
    const { drafts: draftsAfter, draftImports: importsAfter, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    const added = draftsAfter.filter((d) => !draftsBefore.some((b) => b.id === d.id));
    expect(added).toMatchObject([{ ownerId: world.bob.id, source: "ga4gh_entry", agentId: null }]);
    expect(target).toBe(`/dashboard/drafts/${added[0]?.id ?? ""}`);
    expect(importsAfter.map((i) => i.draftId)).toEqual([added[0]?.id]);
  });

  it("signed out, every action fails too", async () => {
    session.viewer = null;
    for (const attempt of attempts) {
      const before = await snapshot(world);
      const outcome = await attempt.call(world).then(
        (result) => (isFailure(result) ? "failed" : JSON.stringify(result)),
        () => "failed",
      );
      expect(outcome, attempt.name).toBe("failed");
      expect(await snapshot(world)).toEqual(before);
    }
  });
});
