import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { findListing } from "@/lib/model/catalog/queries";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setServiceOffered } from "./publishing";

const handles: string[] = [];
afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

async function twoServiceAgent(ownerId: string) {
  const handle = uniqueHandle("offer");
  handles.push(handle);
  const text = JSON.stringify(
    minimalAgentFile({
      agent: { handle, display_name: "Two services", purpose: "Offers two services." },
      capabilities: [minimalCapability(), minimalCapability({ tool: "get_home", name: "Home details", summary: "Shows one home with its details and price." })],
    }),
  );
  const imported = await importAgentFile({ text, ownerId, publish: true });
  if (!imported.ok) throw new Error(JSON.stringify(imported));
  const caps = await db.capability.findMany({ where: { agent: { handle } }, orderBy: { position: "asc" }, select: { capabilityId: true } });
  return { handle, ids: caps.map((c) => c.capabilityId) };
}

describe("publishing one service", () => {
  it("takes one service off Explore and back, in the row and in the published agent.json alike", async () => {
    const [owner, visitor] = await Promise.all([createTestUser(), createTestUser()]);
    const { handle, ids } = await twoServiceAgent(owner.id);
    const [first, second] = ids;
    if (!first || !second) throw new Error("fixture");

    expect(await setServiceOffered(owner, handle, second, false)).toEqual({ ok: true, data: { handle, capabilityId: second, offered: false } });
    expect(await findListing(visitor, handle, second)).toBeNull();
    expect(await findListing(visitor, handle, first)).not.toBeNull();
    const document = (await db.agent.findUniqueOrThrow({ where: { handle } })).document as { capabilities: { offered?: boolean; tool: string }[] };
    expect(document.capabilities.map((c) => [c.tool, c.offered])).toEqual([
      ["search_homes", undefined],
      ["get_home", false],
    ]);
    // A service that is not offered is not listed for anyone (its publisher finds it on the dashboard).
    expect(await findListing(owner, handle, second)).toBeNull();
    expect(await db.capability.findFirstOrThrow({ where: { agent: { handle }, capabilityId: second } })).toMatchObject({ offered: false, listed: false });

    expect((await setServiceOffered(owner, handle, second, true)).ok).toBe(true);
    expect(await findListing(visitor, handle, second)).toMatchObject({ offered: true, listed: true });
  });

  it("refuses another publisher's service, and an unknown one, changing nothing", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const { handle, ids } = await twoServiceAgent(owner.id);
    const target = ids[0] ?? "";
    const refused = await setServiceOffered(other, handle, target, false);
    expect(refused.ok).toBe(false);
    expect((await setServiceOffered(owner, handle, "cap_nope", false)).ok).toBe(false);
    expect(await db.capability.findFirstOrThrow({ where: { agent: { handle }, capabilityId: target } })).toMatchObject({ offered: true, listed: true });
  });
});
