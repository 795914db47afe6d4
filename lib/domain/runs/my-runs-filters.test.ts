import { describe, expect, it } from "vitest";
import { parseMyRunsFilters, serviceKey } from "./my-runs-filters";

describe("My runs filters", () => {
  it("reads a status and a service, ignoring what cannot be meant", () => {
    expect(parseMyRunsFilters({ status: "tool_error", service: "@demo-homes/cap_get_home" })).toEqual({
      status: "tool_error",
      service: { handle: "@demo-homes", capabilityId: "cap_get_home" },
    });
    expect(parseMyRunsFilters({ status: "exploded", service: "demo-homes; drop" })).toEqual({ status: null, service: null });
    expect(parseMyRunsFilters({})).toEqual({ status: null, service: null });
  });

  it("round-trips a service through the select's value", () => {
    const service = { handle: "@unit-forge", capabilityId: "cap_convert_length" };
    expect(parseMyRunsFilters({ service: serviceKey(service) }).service).toEqual(service);
  });
});
