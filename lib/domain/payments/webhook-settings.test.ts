import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The Stripe settings actions against the real database; only the viewer is a stand-in.
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { openSecret } from "@/lib/foundations/secrets";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { createTestEntitlement } from "@/lib/testing/money-fixtures";
import { saveSigningSecretAction, stopVerifyingAction } from "./webhook-settings";
import { session } from "@/lib/testing/viewer-stub";

const SECRET = "whsec_Zk3pQ9sLm2Vx7Rt4Bn8Hc1Yd6Wf0Ja5E";

afterAll(cleanUpTestRows);

async function world() {
  const owner = await createTestUser();
  const other = await createTestUser();
  const agent = await createTestAgent({ ownerId: owner.id });
  return { owner, other, agent };
}

const webhookOf = (agentId: string) => db.stripeWebhook.findUnique({ where: { agentId }, omit: { secretCiphertext: false } });

beforeEach(() => {
  session.viewer = null;
});

describe("saveSigningSecretAction", () => {
  it("stores the secret sealed for the agent: it opens to what was typed, and the sealed text never contains it", async () => {
    const { owner, agent } = await world();
    session.viewer = owner;
    const result = await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: SECRET }));
    expect(result).toEqual({ ok: true, data: undefined, message: expect.stringContaining("saved") });
    expect(JSON.stringify(result)).not.toContain(SECRET);

    const row = await webhookOf(agent.id);
    expect(row).not.toBeNull();
    expect(row?.secretCiphertext).not.toContain(SECRET);
    expect(row?.secretCiphertext).not.toContain("whsec_");
    expect(openSecret(row?.secretCiphertext ?? "", agent.id)).toBe(SECRET);
  });

  it("replaces a secret, starting a new record of signature failures", async () => {
    const { owner, agent } = await world();
    session.viewer = owner;
    await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: SECRET }));
    await db.stripeWebhook.update({
      where: { agentId: agent.id },
      data: { signatureFailures: 4, lastFailureAt: new Date(), lastEventAt: new Date("2026-12-01T00:00:00Z"), createdAt: new Date("2026-11-01T00:00:00Z") },
    });

    const result = await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: "whsec_replacement0001" }));
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("replaced") });
    const row = await webhookOf(agent.id);
    expect(openSecret(row?.secretCiphertext ?? "", agent.id)).toBe("whsec_replacement0001");
    expect(row?.signatureFailures).toBe(0);
    expect(row?.lastFailureAt).toBeNull();
    expect(row?.lastEventAt).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(row?.createdAt.getTime()).toBeGreaterThan(new Date("2026-11-02T00:00:00Z").getTime());
  });

  it("refuses another publisher's agent and writes nothing", async () => {
    const { other, agent } = await world();
    session.viewer = other;
    const result = await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: SECRET }));
    expect(result).toEqual({ ok: false, message: `You have no agent ${agent.handle}.` });
    expect(await webhookOf(agent.id)).toBeNull();
  });

  it("does not let another publisher replace a secret that is set", async () => {
    const { owner, other, agent } = await world();
    session.viewer = owner;
    await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: SECRET }));
    const before = await webhookOf(agent.id);
    session.viewer = other;
    expect((await saveSigningSecretAction(null, formData({ handle: agent.handle, secret: "whsec_takenover0001" }))).ok).toBe(false);
    expect(await webhookOf(agent.id)).toEqual(before);
  });

  const bad: { name: string; secret: string; message: RegExp }[] = [
    { name: "empty", secret: "", message: /^Paste the signing secret from Stripe\.$/ },
    { name: "not a signing secret", secret: "sk_live_abcdefghijklmnop", message: /starts with whsec_/ },
    { name: "too short", secret: "whsec_ab", message: /too short/ },
    { name: "too long", secret: `whsec_${"a".repeat(195)}`, message: /too long.*200/ },
    { name: "with a space", secret: "whsec_abc defghijk", message: /no spaces or line breaks/ },
    { name: "with a line break", secret: "whsec_abcdefghijk\n", message: /no spaces or line breaks/ },
  ];
  for (const { name, secret, message } of bad) {
    it(`refuses a secret that is ${name}, in words next to the field, without repeating it`, async () => {
      const { owner, agent } = await world();
      session.viewer = owner;
      const result = await saveSigningSecretAction(null, formData({ handle: agent.handle, secret }));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.fieldErrors?.secret).toHaveLength(1);
      expect(result.fieldErrors?.secret?.[0]).toMatch(message);
      if (secret !== "") expect(JSON.stringify(result)).not.toContain(secret.trim());
      expect(await webhookOf(agent.id)).toBeNull();
    });
  }
});

describe("stopVerifyingAction", () => {
  async function verifiedWithAPurchase() {
    const w = await world();
    session.viewer = w.owner;
    await saveSigningSecretAction(null, formData({ handle: w.agent.handle, secret: SECRET }));
    await createTestEntitlement(w.other.id, w.agent.id, { planId: "pack_100", callsGranted: 100, callsLeft: 100 });
    return w;
  }

  it("stops verifying once confirmed; events and entitlements stay", async () => {
    const { agent } = await verifiedWithAPurchase();
    const result = await stopVerifyingAction(null, formData({ handle: agent.handle, confirm: "yes" }));
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("no longer verifies") });
    expect(await webhookOf(agent.id)).toBeNull();
    expect(await db.stripeEvent.count({ where: { agentId: agent.id } })).toBe(1);
    expect(await db.entitlement.count({ where: { agentId: agent.id } })).toBe(1);
  });

  it("does nothing without the confirmation", async () => {
    const { agent } = await verifiedWithAPurchase();
    const result = await stopVerifyingAction(null, formData({ handle: agent.handle }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { confirm: [expect.stringContaining("Confirm")] } });
    expect(await webhookOf(agent.id)).not.toBeNull();
  });

  it("refuses another publisher's agent and deletes nothing", async () => {
    const { other, agent } = await verifiedWithAPurchase();
    session.viewer = other;
    expect(await stopVerifyingAction(null, formData({ handle: agent.handle, confirm: "yes" }))).toEqual({
      ok: false,
      message: `You have no agent ${agent.handle}.`,
    });
    expect(await webhookOf(agent.id)).not.toBeNull();
  });
});
