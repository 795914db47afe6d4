import { describe, expect, it } from "vitest";
import { isAdminEmail } from "@/lib/accounts/admins";
import { authRedirectTarget, safeReturnPath, signInPath } from "@/lib/accounts/return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/s/@agent/cap?x=1#y", "/s/@agent/cap?x=1#y"],
    [undefined, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example/", "/"],
    ["dashboard", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe("signInPath", () => {
  it("carries a same-site return path", () => {
    expect(signInPath("/dashboard?tab=runs")).toBe("/sign-in?callbackUrl=%2Fdashboard%3Ftab%3Druns");
  });
  it("drops foreign or missing return paths", () => {
    expect(signInPath("https://evil.example")).toBe("/sign-in");
    expect(signInPath()).toBe("/sign-in");
  });
});

describe("isAdminEmail", () => {
  it("matches the configured list, ignoring case and spaces", () => {
    expect(isAdminEmail(" Root@Example.com ", ["root@example.com"])).toBe(true);
    expect(isAdminEmail("other@example.com", ["root@example.com"])).toBe(false);
    expect(isAdminEmail("root@example.com", [])).toBe(false);
  });
});

describe("authRedirectTarget", () => {
  const base = "http://localhost:3000";
  it("keeps paths and same-origin URLs, as paths", () => {
    expect(authRedirectTarget("/dashboard", base)).toBe("/dashboard");
    expect(authRedirectTarget("http://localhost:3000/s/x?y=1#z", base)).toBe("/s/x?y=1#z");
  });
  it("sends foreign or malformed targets home", () => {
    expect(authRedirectTarget("https://evil.example/steal", base)).toBe("/");
    expect(authRedirectTarget("//evil.example/steal", base)).toBe("/");
    expect(authRedirectTarget("javascript:alert(1)", base)).toBe("/");
    expect(authRedirectTarget("not a url", base)).toBe("/");
  });
});
