import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { createReport } from "./reports";
import { dismissReport, reinstateListing, suspendListing } from "./decisions";
import { findDecisionLog, findModerationQueue, findSuspensionNotice } from "./queries";

afterAll(cleanUpTestRows);

describe("reports and moderation", () => {
  it("report → queue → suspend (logged, reports actioned) → visible only to publisher and admins → reinstate", async () => {
    const publisher = await createTestUser();
    const reader = await createTestUser();
    const admin = { ...(await createTestUser()), isAdmin: true };
    const agent = await createTestAgent({ ownerId: publisher.id, capabilities: [{ capabilityId: "cap_x", name: "Shady service" }] });
    const ref = { handle: agent.handle, capabilityId: "cap_x" };

    expect(await createReport(reader, { ...ref, reason: "misleading", comment: "Not what it says." })).toEqual({ ok: true });
    // A second report by the same person updates the first.
    expect(await createReport(reader, { ...ref, reason: "broken", comment: null })).toEqual({ ok: true });
    expect(await findModerationQueue(reader)).toBeNull();
    const queue = (await findModerationQueue(admin))?.filter((i) => i.handle === agent.handle);
    expect(queue?.[0]?.reports.map((r) => r.reason)).toEqual(["broken"]);

    expect(await suspendListing(reader, ref, "no")).toEqual({ ok: false, message: "Only administrators can do that." });
    expect(await suspendListing(admin, ref, "Misleading about what it keeps.")).toEqual({ ok: true });
    expect(await db.report.findMany({ where: { capability: { agentId: agent.id } }, select: { status: true } })).toEqual([{ status: "actioned" }]);

    const visibleTo = async (viewer: Viewer | null) => (await findAgentWithListings(viewer, agent.handle))?.listings.length ?? 0;
    expect(await visibleTo(null)).toBe(0);
    expect(await visibleTo(reader)).toBe(0);
    expect(await visibleTo(publisher)).toBe(1);
    expect(await visibleTo(admin)).toBe(1);
    expect(await findSuspensionNotice(publisher, agent.handle, "cap_x")).toMatchObject({ reason: "Misleading about what it keeps." });
    expect(await findSuspensionNotice(reader, agent.handle, "cap_x")).toBeNull();
    // Nobody can report what does not exist for them.
    expect(await createReport(reader, { ...ref, reason: "other", comment: "x" })).toMatchObject({ ok: false });

    const changedAt = async () => (await db.capability.findFirstOrThrow({ where: { agentId: agent.id }, select: { updatedAt: true } })).updatedAt;
    const suspendedAt = await changedAt();
    expect(await reinstateListing(admin, ref, null)).toEqual({ ok: true });
    expect(await visibleTo(null)).toBe(1);
    // The listing changed (the sitemap's lastmod reads it).
    expect((await changedAt()).getTime()).toBeGreaterThan(suspendedAt.getTime());

    const log = (await findDecisionLog(admin, 500))?.filter((d) => d.agentHandle === agent.handle).map((d) => d.action);
    expect(log).toEqual(["reinstate_listing", "suspend_listing"]);
  });

  it("dismissing is for administrators, once, and logged", async () => {
    const publisher = await createTestUser();
    const reader = await createTestUser();
    const admin = { ...(await createTestUser()), isAdmin: true };
    const agent = await createTestAgent({ ownerId: publisher.id });
    const cap = agent.capabilities[0];
    if (!cap) throw new Error("fixture");
    const report = await db.report.create({ data: { capabilityId: cap.id, reporterId: reader.id, reason: "sexual_content" } });
    expect(await dismissReport(reader, report.id, null)).toMatchObject({ ok: false });
    expect(await dismissReport(admin, report.id, "Checked: nothing sexual.")).toEqual({ ok: true });
    expect(await dismissReport(admin, report.id, null)).toMatchObject({ ok: false });
    expect(await db.moderationDecision.count({ where: { reportId: report.id, action: "dismiss_report" } })).toBe(1);
  });
});
