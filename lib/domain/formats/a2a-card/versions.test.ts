import { describe, expect, it } from "vitest";
import { AgentCard } from "@a2a-js/sdk";
import { isLegacyAgentCard, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";
import { a2a03Card, a2a10Card, undefinedSchemes } from "@/lib/testing/a2a-cards";
import { exploreCardModel, FIND_SKILL, RUN_SKILL } from "./explore-card";
import { cardJson, wantsLegacy } from "./versions";

// Explore's own card in each A2A version's shape holds what that version requires, and the A2A SDK reads
// both shapes back to the same card. (The per-agent cards are held to the same in a2a-endpoint.test.ts.)

const origin = "https://explore.example.org";
const model = exploreCardModel(origin);

describe("the card for each A2A version", () => {
  it("is A2A 1.0's shape for a reader that asks for 1.0, and 0.3's otherwise", () => {
    expect(wantsLegacy(null)).toBe(true);
    expect(wantsLegacy("")).toBe(true);
    expect(wantsLegacy("0.3")).toBe(true);
    expect(wantsLegacy("1.0")).toBe(false);
    expect(cardJson(model, "1.0")).toHaveProperty("supportedInterfaces");
    expect(cardJson(model, null)).toHaveProperty("url", `${origin}/a2a`);
  });

  it("holds every field A2A 1.0 requires, and reads back to the same card with the SDK", () => {
    const json = cardJson(model, "1.0");
    const checked = a2a10Card.safeParse(json);
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(undefinedSchemes(json)).toEqual([]);
    expect(isLegacyAgentCard(json)).toBe(false);
    expect(AgentCard.fromJSON(json)).toEqual(model);
  });

  it("holds every field A2A 0.3 requires, and the SDK's 0.3 reader makes it the same card", () => {
    const json = cardJson(model, "0.3");
    const checked = a2a03Card.safeParse(json);
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(undefinedSchemes(json)).toEqual([]);
    expect(json).toMatchObject({ protocolVersion: "0.3", url: `${origin}/a2a`, preferredTransport: "JSONRPC" });
    expect(isLegacyAgentCard(json)).toBe(true);
    const read = parseLegacyAgentCard(json);
    expect(read.supportedInterfaces.map((i) => [i.url, i.protocolBinding])).toEqual([[`${origin}/a2a`, "JSONRPC"]]);
    expect({ ...read, supportedInterfaces: [] }).toEqual({ ...model, supportedInterfaces: [] });
  });
});

describe("Explore's own card", () => {
  it("offers finding services in words to anyone and running one with a personal API token", () => {
    expect(model.supportedInterfaces.map((i) => i.protocolVersion)).toEqual(["1.0", "0.3"]);
    expect(model.defaultInputModes).toContain("text/plain");
    expect(model.securityRequirements).toEqual([]);
    const [find, run] = model.skills;
    expect(find).toMatchObject({ id: FIND_SKILL, inputModes: ["text/plain"], securityRequirements: [] });
    expect(run).toMatchObject({ id: RUN_SKILL, inputModes: ["application/json"], securityRequirements: [{ schemes: { explore_api_token: { list: [] } } }] });
    expect(model.securitySchemes.explore_api_token?.scheme).toMatchObject({ $case: "httpAuthSecurityScheme", value: { scheme: "Bearer" } });
  });
});
