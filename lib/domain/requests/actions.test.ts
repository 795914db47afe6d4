import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { session } from "@/lib/testing/viewer-stub";
import { answerRequestAction, askForCapabilityAction, voteOnRequestAction } from "./actions";
import { findRequest, requestsForPublisher } from "./requests";
import { plantedWord } from "@/lib/testing/planted-word";

const word = plantedWord("zq");

afterAll(async () => {
  await db.capabilityRequest.deleteMany({ where: { title: { contains: word } } });
  await cleanUpTestRows();
});

describe("capability requests on the web", () => {
  it("asks with the asker's vote, resolves tags through the vocabulary, and refuses unknown ones naming the nearest", async () => {
    session.viewer = await createTestUser();
    const asked = await askForCapabilityAction(
      null,
      formData({ title: `Translate ${word}`, description: "Menus from Italian.", tags: "Translation, #translation" }),
    );
    if (!asked.ok) throw new Error(asked.message);
    expect(await findRequest(null, asked.data.id)).toMatchObject({ votes: 1, tags: ["translation"], status: "open" });

    const bad = await askForCapabilityAction(null, formData({ title: `Bad ${word}`, description: "x", tags: "translaton" }));
    expect(bad).toMatchObject({ ok: false });
    expect(JSON.stringify(bad)).toContain("“translaton” is not one of the network's tags; try translation");
    // What was typed comes back, so a form posted before the page hydrated shows it again.
    expect(bad).toMatchObject({ details: { title: `Bad ${word}`, description: "x", tags: "translaton" } });
    expect(await db.capabilityRequest.count({ where: { title: `Bad ${word}` } })).toBe(0);
  });

  it("refuses a NUL character in words, before any query sees it", async () => {
    session.viewer = await createTestUser();
    const asked = await askForCapabilityAction(null, formData({ title: `Nul ${word}\u0000`, description: "x", tags: "" }));
    expect(asked).toMatchObject({ ok: false });
    expect(JSON.stringify(asked)).toContain("must not contain a NUL character (U+0000)");
    const vote = await voteOnRequestAction(null, formData({ requestId: "abc\u0000" }));
    expect(vote).toMatchObject({ ok: false });
    expect(JSON.stringify(vote)).not.toMatch(/prisma|invocation|22021/i);
    expect(await findRequest(null, "abc\u0000")).toBeNull();
  });

  it("counts one vote per account, and takes it back", async () => {
    session.viewer = await createTestUser();
    const asked = await askForCapabilityAction(null, formData({ title: `Vote ${word}`, description: "Counting.", tags: "" }));
    if (!asked.ok) throw new Error(asked.message);
    session.viewer = await createTestUser();
    expect(await voteOnRequestAction(null, formData({ requestId: asked.data.id }))).toMatchObject({ ok: true, data: { votes: 2, voted: true } });
    expect(await voteOnRequestAction(null, formData({ requestId: asked.data.id }))).toMatchObject({ ok: true, data: { votes: 2, voted: true } });
    expect(await voteOnRequestAction(null, formData({ requestId: asked.data.id, withdraw: "1" }))).toMatchObject({
      ok: true,
      data: { votes: 1, voted: false },
    });
    expect(await voteOnRequestAction(null, formData({ requestId: "nope" }))).toMatchObject({
      ok: false,
      message: "There is no capability request with that id.",
    });
  });

  it("shows a publisher the requests in their areas and lets them answer one with their published service", async () => {
    const publisher = await createTestUser();
    const agent = await createTestAgent({ ownerId: publisher.id, capabilities: [{ capabilityId: "cap_ocr", extra: { category: "ocr.documents" } }] });
    session.viewer = await createTestUser();
    const asked = await askForCapabilityAction(null, formData({ title: `OCR ${word}`, description: "Scanned invoices.", tags: "ocr" }));
    if (!asked.ok) throw new Error(asked.message);

    session.viewer = publisher;
    expect((await requestsForPublisher(publisher)).map((r) => r.id)).toContain(asked.data.id);
    expect(await answerRequestAction(null, formData({ requestId: asked.data.id, service: `${agent.handle}/cap_nope` }))).toMatchObject({ ok: false });
    expect(await answerRequestAction(null, formData({ requestId: asked.data.id, service: `${agent.handle}/cap_ocr` }))).toMatchObject({ ok: true });
    const answered = await findRequest(null, asked.data.id);
    expect(answered).toMatchObject({ status: "available", answeredBy: { handle: agent.handle, capabilityId: "cap_ocr" } });
    expect((await requestsForPublisher(publisher)).map((r) => r.id)).not.toContain(asked.data.id);
  });
});
