import { afterAll, describe, expect, it } from "vitest";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { PRESETS } from "./rules";
import { findSavedDataRules, saveDataRules } from "./queries";

afterAll(cleanUpTestRows);

describe("saved data rules", () => {
  it("saves and reads back the rules", async () => {
    const user = await createTestUser();
    await saveDataRules(user.id, PRESETS.strict.rules);
    expect(await findSavedDataRules(user.id)).toEqual(PRESETS.strict.rules);
  });
});
