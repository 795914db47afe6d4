import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { redirectTarget } from "@/lib/testing/next-redirect";
import { plantedWord } from "@/lib/testing/planted-word";
import { session } from "@/lib/testing/viewer-stub";
import { decideNetworkReportAction, reportProfileAction } from "./directory-actions";
import { findShownProfile, publishProfile, searchDirectory } from "./directory";
import { openNetworkReports } from "./reports";

// People's reports of directory profiles and administrators' decisions on the network's reports: only an
// administrator decides; hiding a profile takes it out of the directory and settles its reports, logged.

afterAll(cleanUpTestRows);

const profile = (handle: string, handleToken: string | null) => ({
  handle,
  handleToken,
  summary: `Profile ${handle}.`,
  offers: [],
  needs: [],
  tags: [],
  contact: [],
  acceptsMessages: true,
});
const address = "10.90.1.1";

describe("the network's reports", () => {
  it("reports a shown profile; a non-administrator decides nothing; an administrator hides it, logged", async () => {
    const handle = `rep-${plantedWord("h", 8)}`;
    const published = await publishProfile(profile(handle, null), address);
    if (!published.ok) throw new Error(published.message);
    session.viewer = await createTestUser();
    expect(await redirectTarget(reportProfileAction(formData({ handle, reason: "Spam." })))).toBe(`/directory?reported=${handle}`);
    const [report] = (await openNetworkReports(1000)).filter((r) => r.subjectKey === handle.toLowerCase());
    expect(report).toMatchObject({ kind: "profile", text: "Spam." });

    expect(await decideNetworkReportAction({ id: report!.id, decision: "hide" })).toMatchObject({ ok: false });
    expect(await findShownProfile(handle)).not.toBeNull();

    session.viewer = await createTestUser({ isAdmin: true });
    expect(await redirectTarget(decideNetworkReportAction(formData({ id: report!.id, decision: "hide" })))).toBe("/admin#network-reports-heading");
    expect(await findShownProfile(handle)).toBeNull();
    expect((await searchDirectory({ query: handle, limit: 10, offset: 0 })).entries).toEqual([]);
    expect((await openNetworkReports(1000)).some((r) => r.subjectKey === handle.toLowerCase())).toBe(false);
    expect(await db.moderationDecision.findFirst({ where: { reportId: report!.id }, select: { action: true, adminEmail: true } })).toEqual({
      action: "hide_profile",
      adminEmail: session.viewer.email,
    });

    // A hidden profile cannot be reported again, and stays hidden when its author replaces it.
    session.viewer = await createTestUser();
    expect(await reportProfileAction({ handle, reason: "Again." })).toMatchObject({ ok: false });
    expect((await publishProfile(profile(handle, published.handleToken), address)).ok).toBe(true);
    expect(await findShownProfile(handle)).toBeNull();
  });
});
