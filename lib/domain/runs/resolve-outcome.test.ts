import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { findAgentStats } from "@/lib/domain/agents/agent-stats";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { session } from "@/lib/testing/viewer-stub";
import { findEscalatedUnknownOutcomes } from "./queries";
import { resolveUnknownOutcomeAction } from "./resolve-outcome-action";

afterAll(cleanUpTestRows);
beforeEach(() => {
  session.viewer = null;
});

async function world() {
  const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
  const agent = await createTestAgent({
    ownerId: owner.id,
    capabilities: [{ capabilityId: "cap_send", extra: { class: "external_action", effects: { escalate: true } } }],
  });
  const cap = agent.capabilities[0];
  if (!cap) throw new Error("fixture");
  const run = (status: "outcome_unknown" | "succeeded") =>
    db.execution.create({ data: { capabilityId: cap.id, status, argumentsSha256: "0".repeat(64) }, select: { id: true } });
  return { owner, other, agent, unknown: await run("outcome_unknown"), second: await run("outcome_unknown"), done: await run("succeeded") };
}

describe("mark resolved", () => {
  it("settles the owner's unknown outcome once: it stops waiting in the list and the figures, and the record keeps its status", async () => {
    const w = await world();
    session.viewer = w.owner;
    expect((await findEscalatedUnknownOutcomes(w.owner.id)).map((o) => o.executionId).sort()).toEqual([w.unknown.id, w.second.id].sort());
    expect((await findAgentStats(w.owner.id)).get(w.agent.handle)?.unknownOutcomes).toBe(2);

    expect(await resolveUnknownOutcomeAction(null, formData({ executionId: w.unknown.id }))).toEqual({
      ok: true,
      data: undefined,
      message: "Marked resolved.",
    });
    expect((await findEscalatedUnknownOutcomes(w.owner.id)).map((o) => o.executionId)).toEqual([w.second.id]);
    expect((await findEscalatedUnknownOutcomes(w.owner.id, 50, { handle: w.agent.handle, capabilityId: "cap_send" })).map((o) => o.executionId)).toEqual([
      w.second.id,
    ]);
    expect((await findAgentStats(w.owner.id)).get(w.agent.handle)?.unknownOutcomes).toBe(1);
    expect((await db.execution.findUniqueOrThrow({ where: { id: w.unknown.id } })).status).toBe("outcome_unknown");

    // Again: still resolved, nothing added.
    expect((await resolveUnknownOutcomeAction({ executionId: w.unknown.id })).ok).toBe(true);
    expect(await db.unknownOutcomeResolution.count({ where: { executionId: { in: [w.unknown.id, w.second.id] } } })).toBe(1);
  });

  it("refuses a run whose outcome is known, an execution ID that does not exist, and anything that is not an ID", async () => {
    const w = await world();
    session.viewer = w.owner;
    expect(await resolveUnknownOutcomeAction({ executionId: w.done.id })).toMatchObject({
      ok: false,
      message: "None of your services has an unknown outcome with this execution ID.",
    });
    expect((await resolveUnknownOutcomeAction({ executionId: "00000000-0000-4000-8000-000000000000" })).ok).toBe(false);
    expect((await resolveUnknownOutcomeAction({ executionId: "'; DROP TABLE x; --" })).ok).toBe(false);
    expect(await db.unknownOutcomeResolution.count({ where: { executionId: { in: [w.unknown.id, w.second.id, w.done.id] } } })).toBe(0);
  });
});
