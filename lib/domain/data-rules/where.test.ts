import { afterAll, describe, expect, it } from "vitest";
import type { DataDeclaration } from "@/lib/model/agent-file/types";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { NO_RULES, PRESETS } from "./rules";
import { matchingCapabilityIds } from "./where";

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

describe("matchingCapabilityIds", () => {
  it("keeps exactly the capabilities the matcher accepts, and honours data_declared: false", async () => {
    const owner = await createTestUser();
    const good = await createTestAgent({
      ownerId: owner.id,
      capabilities: [{ extra: { data: base } }, { extra: { data: { ...base, inputs: { retention: "retained", days: 30, journal: null } } } }],
    });
    const undeclared = await createTestAgent({ ownerId: owner.id, extra: { dataDeclared: false }, capabilities: [{ extra: { data: base } }] });
    const ours = new Set([...good.capabilities, ...undeclared.capabilities].map((c) => c.id));
    // Other tests' listings share the database: only these agents' are looked at.
    const ids = async (matching: string[] | null) => (matching ?? []).filter((id) => ours.has(id)).sort();

    expect(await matchingCapabilityIds(NO_RULES)).toBeNull();
    expect(await ids(await matchingCapabilityIds(PRESETS.strict.rules))).toEqual([good.capabilities[0]?.id]);
    expect(await ids(await matchingCapabilityIds(PRESETS.eu.rules))).toEqual([good.capabilities[0]?.id, good.capabilities[1]?.id].sort());
    expect(await ids(await matchingCapabilityIds({ ...NO_RULES, regions: ["US"] }))).toEqual([]);
  });
});
