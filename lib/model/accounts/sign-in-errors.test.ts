import { describe, expect, it } from "vitest";
import { describeSignInError } from "@/lib/model/accounts/sign-in-errors";

describe("describeSignInError", () => {
  it("says nothing without an error", () => {
    expect(describeSignInError(undefined)).toBeNull();
  });
  it("explains an expired link", () => {
    expect(describeSignInError("Verification")).toMatch(/expired/);
  });
  it("gives each of Explore's own refusals its own sentence, neither AccessDenied's nor Configuration's", () => {
    const limited = describeSignInError("SignInLinksLimited");
    const incomplete = describeSignInError("IncompleteLink");
    expect(limited).toMatch(/Too many sign-in links/);
    expect(incomplete).toMatch(/incomplete/);
    for (const words of [limited, incomplete]) {
      expect(words).not.toBe(describeSignInError("AccessDenied"));
      expect(words).not.toBe(describeSignInError("Configuration"));
    }
  });
  it("falls back to a plain sentence for unknown or hostile types", () => {
    expect(describeSignInError("constructor")).toBe("Sign-in did not work. Try again.");
    expect(describeSignInError("<script>")).toBe("Sign-in did not work. Try again.");
  });
});
