import { describe, expect, it } from "vitest";
import { isDecodablePath } from "./path-encoding";

describe("paths that percent-decode", () => {
  it("takes escaped and unescaped paths", () => {
    for (const path of ["/", "/services/@demo-weather/cap_current_weather", "/agents/%40demo-weather", "/services/@x/caf%C3%A9", "/%F0%9F%98%80"])
      expect(isDecodablePath(path), path).toBe(true);
  });

  it("refuses a segment that does not decode", () => {
    for (const path of ["/services/@%ED%A0%80/x", "/agents/%FF%FE", "/requests/%FF", "/api/v1/agents/%FF/agent.json", "/x/%", "/x/%2", "/x/%E0%A4%A"])
      expect(isDecodablePath(path), path).toBe(false);
  });
});
