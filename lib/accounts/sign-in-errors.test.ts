import { describe, expect, it } from "vitest";
import { describeSignInError } from "@/lib/accounts/sign-in-errors";

describe("describeSignInError", () => {
  it("says nothing without an error", () => {
    expect(describeSignInError(undefined)).toBeNull();
  });
  it("explains an expired link", () => {
    expect(describeSignInError("Verification")).toMatch(/expired/);
  });
  it("falls back to a plain sentence for unknown or hostile types", () => {
    expect(describeSignInError("constructor")).toBe("Sign-in did not work. Try again.");
    expect(describeSignInError("<script>")).toBe("Sign-in did not work. Try again.");
  });
});
