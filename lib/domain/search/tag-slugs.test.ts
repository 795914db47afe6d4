import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

async function slugsOf(id: string): Promise<string[] | null> {
  return (await db.capability.findUniqueOrThrow({ where: { id }, select: { tagSlugs: true } })).tagSlugs;
}

// The facet counts read "tagSlugs"; the tag filter and every page read "CapabilityTag". The triggers keep the
// first a copy of the second, whatever writes the tags and however many rows one statement writes.
describe("a capability's tagSlugs", () => {
  it("follow its CapabilityTag rows in order through inserts, updates and deletes", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{}, {}] });
    const [a, b] = agent.capabilities.map((c) => c.id);
    if (!a || !b) throw new Error("two capabilities expected");
    const [first, second, third] = ["slugs-test-a", "slugs-test-b", "slugs-test-c"];
    await db.tag.createMany({ data: [first, second, third].map((slug) => ({ slug, label: slug, aliases: [] })), skipDuplicates: true });

    await db.capabilityTag.createMany({
      data: [
        { capabilityId: a, tagSlug: second, position: 0 },
        { capabilityId: a, tagSlug: first, position: 1 },
        { capabilityId: b, tagSlug: third, position: 0 },
      ],
    });
    expect(await slugsOf(a)).toEqual([second, first]);
    expect(await slugsOf(b)).toEqual([third]);

    await db.capabilityTag.update({ where: { capabilityId_tagSlug: { capabilityId: a, tagSlug: first } }, data: { position: -1 } });
    expect(await slugsOf(a)).toEqual([first, second]);

    await db.capabilityTag.deleteMany({ where: { capabilityId: { in: [a, b] }, tagSlug: { in: [first, third] } } });
    expect(await slugsOf(a)).toEqual([second]);
    expect(await slugsOf(b)).toEqual([]);
  });
});
