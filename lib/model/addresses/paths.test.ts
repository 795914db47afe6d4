import { describe, expect, it } from "vitest";
import { agentPath, capabilityIdFromParam, handleFromParam, requestIdFromParam, servicePath } from "./paths";

describe("paths", () => {
  it("builds URLs with the handle's @", () => {
    expect(servicePath("@demo-homes", "cap_search")).toBe("/services/@demo-homes/cap_search");
    expect(agentPath("@demo-homes")).toBe("/agents/@demo-homes");
  });

  it("reads a handle param with, without or with an encoded @", () => {
    expect(handleFromParam("@demo-homes")).toBe("@demo-homes");
    expect(handleFromParam("%40demo-homes")).toBe("@demo-homes");
    expect(handleFromParam("demo-homes")).toBe("@demo-homes");
    expect(handleFromParam("%E0%A4%A")).toBeNull();
    expect(handleFromParam("@a")).toBeNull();
    expect(handleFromParam("@Bad_Handle")).toBeNull();
  });

  it("reads a capability ID param", () => {
    expect(capabilityIdFromParam("cap_search")).toBe("cap_search");
    expect(capabilityIdFromParam("search")).toBeNull();
    expect(capabilityIdFromParam("%")).toBeNull();
  });
});

describe("requestIdFromParam", () => {
  it("reads a capability request's id and nothing the database would refuse", () => {
    expect(requestIdFromParam("cmxcnntq0d000b6a7dzedl91ie")).toBe("cmxcnntq0d000b6a7dzedl91ie");
    for (const param of ["\u0000", "a\u0000", "", "x".repeat(65), "a b", "ünï"]) expect(requestIdFromParam(param), JSON.stringify(param)).toBeNull();
  });
});

describe("pageFromParam", () => {
  it("reads ?page= and falls back to the first page", async () => {
    const { pageFromParam } = await import("./paths");
    expect(pageFromParam("3")).toBe(3);
    expect(pageFromParam(["2", "5"])).toBe(2);
    expect(pageFromParam(undefined)).toBe(1);
    expect(pageFromParam("0")).toBe(1);
    expect(pageFromParam("-2")).toBe(1);
    expect(pageFromParam("abc")).toBe(1);
    expect(pageFromParam("99999999")).toBe(1);
  });
});
