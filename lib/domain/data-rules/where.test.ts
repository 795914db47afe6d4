import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { DataDeclaration } from "@/lib/model/agent-file/types";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { NO_RULES, PRESETS } from "./rules";
import { dataRulesWhere } from "./where";

afterAll(cleanUpTestRows);

const base: DataDeclaration = {
  acceptedDataClasses: ["public"],
  inputs: { retention: "none", days: null, journal: null },
  results: { retention: "none", days: null, journal: null },
  executionMetadata: null,
  downstream: { retention: "none", days: null, journal: null, subprocessors: [] },
  usedForTraining: false,
  processingRegions: ["DE"],
  deletionOnRequest: true,
  encryptedAtRest: true,
  dpaUrl: null,
};

describe("dataRulesWhere", () => {
  it("keeps exactly the capabilities the matcher accepts, and honours data_declared: false", async () => {
    const owner = await createTestUser();
    const good = await createTestAgent({
      ownerId: owner.id,
      capabilities: [{ extra: { data: base } }, { extra: { data: { ...base, inputs: { retention: "retained", days: 30, journal: null } } } }],
    });
    const undeclared = await createTestAgent({ ownerId: owner.id, extra: { dataDeclared: false }, capabilities: [{ extra: { data: base } }] });
    const scope = { agentId: { in: [good.id, undeclared.id] } };
    const ids = async (where: object) => (await db.capability.findMany({ where: { AND: [where, scope] }, select: { id: true } })).map((r) => r.id).sort();

    expect(await ids(await dataRulesWhere(NO_RULES))).toHaveLength(3);
    expect(await ids(await dataRulesWhere(PRESETS.strict.rules))).toEqual([good.capabilities[0]?.id]);
    expect(await ids(await dataRulesWhere(PRESETS.eu.rules))).toEqual([good.capabilities[0]?.id, good.capabilities[1]?.id].sort());
    expect(await ids(await dataRulesWhere({ ...NO_RULES, regions: ["US"] }))).toEqual([]);
  });
});
